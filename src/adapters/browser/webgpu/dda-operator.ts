/**
 * The DDA operator on WebGPU. The transformed Green tensor is computed on the CPU in f64 (green.ts,
 * the same numbers the reference uses), scaled by 1/grid size and uploaded once as f32; each product
 * then runs scatter → forward FFT → tensor multiply → inverse FFT → gather in one command buffer and
 * one readback. The 1/α diagonal is added on the CPU in f64: it dominates y for most particles, so
 * keeping it out of f32 keeps the product's relative error at the convolution's round-off.
 * Pipelines are compiled when the backend is built, so a shader that does not compile makes the
 * registry fall back with the compiler's message instead of failing the first solve.
 */
import { gridPositions, transformedTensor } from '../../../core/photonics/dda/green.ts';
import type { AsyncDdaOperator, DdaOperatorBackend, DdaOperatorInput } from '../../../core/photonics/dda/operator-backend.ts';
import { dispatchSize, fftPlan } from './fft-plan.ts';
import { FFT_STAGE_WGSL, GATHER_WGSL, SCATTER_WGSL, TENSOR_MULTIPLY_WGSL, WORKGROUP_SIZE } from './dda-shaders.ts';
import { acquireGpuDevice, type GpuHandle } from './device.ts';
import { buildInErrorScopes, compile, runProduct, storage, uniform, type ComputeStep } from './gpu-kit.ts';

interface Pipelines {
  readonly stage: GPUComputePipeline;
  readonly multiply: GPUComputePipeline;
  readonly scatter: GPUComputePipeline;
  readonly gather: GPUComputePipeline;
}

async function compileAll(device: GPUDevice): Promise<Pipelines> {
  const [stage, multiply, scatter, gather] = await Promise.all([
    compile(device, 'dda-fft-stage', FFT_STAGE_WGSL),
    compile(device, 'dda-tensor-multiply', TENSOR_MULTIPLY_WGSL),
    compile(device, 'dda-scatter', SCATTER_WGSL),
    compile(device, 'dda-gather', GATHER_WGSL),
  ]);
  return { stage, multiply, scatter, gather };
}

function createOperator(handle: GpuHandle, pipelines: Pipelines, input: DdaOperatorInput): AsyncDdaOperator {
  const { device } = handle;
  const tensor = transformedTensor(input.dims, input.k);
  const { grid } = tensor;
  const total = grid[0] * grid[1] * grid[2];
  const n = input.sites.length;
  const complexBytes = 8;
  const gridBytes = 3 * total * complexBytes;
  const tensorBytes = 6 * total * complexBytes;
  const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  if (tensorBytes > limit) throw new Error(`the ${grid.join('×')} FFT grid needs a ${tensorBytes} B tensor buffer, above this device's ${limit} B binding limit`);

  // Ĝ/total as interleaved f32: the 1/total of the inverse FFT folded in once, in f64.
  const g = new Float32Array(12 * total);
  for (let c = 0; c < 6; c++) {
    const re = tensor.re[c] as Float64Array;
    const im = tensor.im[c] as Float64Array;
    for (let i = 0; i < total; i++) {
      g[2 * (c * total + i)] = (re[i] as number) / total;
      g[2 * (c * total + i) + 1] = (im[i] as number) / total;
    }
  }
  const plan = fftPlan(grid);
  const buffers: GPUBuffer[] = [];
  const keep = (b: GPUBuffer): GPUBuffer => {
    buffers.push(b);
    return b;
  };
  const tensorBuffer = keep(storage(device, 'dda-tensor', tensorBytes));
  device.queue.writeBuffer(tensorBuffer, 0, g);
  const twiddleBuffer = keep(storage(device, 'dda-twiddles', plan.twiddles.byteLength / 2));
  device.queue.writeBuffer(twiddleBuffer, 0, Float32Array.from(plan.twiddles));
  const atBuffer = keep(storage(device, 'dda-sites', 4 * n));
  device.queue.writeBuffer(atBuffer, 0, Uint32Array.from(gridPositions(input.dims, grid, input.sites)));
  const ping = [keep(storage(device, 'dda-grid-a', gridBytes)), keep(storage(device, 'dda-grid-b', gridBytes))] as const;
  const xBuffer = keep(storage(device, 'dda-x', 3 * n * complexBytes));
  const yBuffer = keep(storage(device, 'dda-y', 3 * n * complexBytes, GPUBufferUsage.COPY_SRC));
  const readback = keep(device.createBuffer({ label: 'dda-readback', size: Math.max(8, 3 * n * complexBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }));

  const steps: ComputeStep[] = [];
  const pointThreads = dispatchSize(total, WORKGROUP_SIZE);
  const dipoleThreads = dispatchSize(3 * n, WORKGROUP_SIZE);
  const butterflies = dispatchSize((3 * total) / 2, WORKGROUP_SIZE);
  const bind = (pipeline: GPUComputePipeline, resources: GPUBuffer[]): GPUBindGroup =>
    device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: resources.map((buffer, binding) => ({ binding, resource: { buffer } })) });

  steps.push({
    pipeline: pipelines.scatter,
    bindGroup: bind(pipelines.scatter, [xBuffer, atBuffer, ping[0], keep(uniform(device, 'dda-scatter', [total, 3 * n, dipoleThreads.rowThreads]))]),
    ...dipoleThreads,
  });
  // Forward stages then inverse stages, alternating buffers; after an even count the field is back in ping[0].
  let current = 0;
  const addStages = (inverse: boolean): void => {
    for (const s of plan.stages) {
      const params = [s.n, s.stride, s.ns, s.twiddleOffset, s.twiddleStep, inverse ? 1 : 0, (3 * total) / 2, butterflies.rowThreads];
      const src = ping[current] as GPUBuffer;
      const dst = ping[1 - current] as GPUBuffer;
      steps.push({ pipeline: pipelines.stage, bindGroup: bind(pipelines.stage, [src, dst, twiddleBuffer, keep(uniform(device, 'dda-fft-stage', params))]), ...butterflies });
      current = 1 - current;
    }
  };
  addStages(false);
  steps.push({
    pipeline: pipelines.multiply,
    bindGroup: bind(pipelines.multiply, [ping[current] as GPUBuffer, tensorBuffer, keep(uniform(device, 'dda-multiply', [total, total, pointThreads.rowThreads]))]),
    ...pointThreads,
  });
  addStages(true);
  steps.push({
    pipeline: pipelines.gather,
    bindGroup: bind(pipelines.gather, [ping[current] as GPUBuffer, atBuffer, yBuffer, keep(uniform(device, 'dda-gather', [total, 3 * n, dipoleThreads.rowThreads]))]),
    ...dipoleThreads,
  });

  const xPacked = new Float32Array(6 * n);
  const { re: aRe, im: aIm } = input.invAlpha;
  let disposed = false;
  return {
    size: 3 * n,
    fftDims: grid,
    async apply(xRe, xIm, yRe, yIm) {
      const lost = handle.lostReason();
      if (lost) throw new Error(lost);
      if (disposed) throw new Error('the WebGPU DDA operator was disposed');
      for (let i = 0; i < 3 * n; i++) {
        xPacked[2 * i] = xRe[i] as number;
        xPacked[2 * i + 1] = xIm[i] as number;
      }
      const bytes = 3 * n * complexBytes;
      await runProduct(device, 'a WebGPU DDA product failed', { label: 'dda-product', clear: ping[0] as GPUBuffer, steps, result: yBuffer, readback, bytes }, () => device.queue.writeBuffer(xBuffer, 0, xPacked));
      const conv = new Float32Array(readback.getMappedRange(0, 3 * n * complexBytes).slice(0));
      readback.unmap();
      for (let i = 0; i < 3 * n; i++) {
        const pr = xRe[i] as number;
        const pi = xIm[i] as number;
        yRe[i] = aRe * pr - aIm * pi - (conv[2 * i] as number);
        yIm[i] = aRe * pi + aIm * pr - (conv[2 * i + 1] as number);
      }
    },
    dispose() {
      disposed = true;
      for (const b of buffers) b.destroy();
    },
  };
}

/** Acquires a device (or uses `handle`) and compiles the kernels; throws with the reason when either fails. */
export async function createWebGpuDdaBackend(handle?: GpuHandle): Promise<DdaOperatorBackend> {
  const gpu = handle ?? (await acquireGpuDevice());
  const pipelines = await compileAll(gpu.device);
  return {
    id: 'webgpu',
    precision: 'f32',
    description: `webgpu: WGSL Stockham FFT convolution in f32 on ${gpu.adapter} (workgroups of ${WORKGROUP_SIZE}); 1/α diagonal and COCG in f64 on the CPU`,
    unavailableReason: gpu.lostReason,
    softwareAdapter: gpu.software ? gpu.adapter : null,
    create: (input) => buildInErrorScopes(gpu.device, 'building the WebGPU DDA operator failed', () => createOperator(gpu, pipelines, input)),
  };
}
