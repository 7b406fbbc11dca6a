/**
 * The plane-wave operator Θ on WebGPU. Per k-point the backend uploads, once and as f32, the plane
 * waves' (k+G), the grid index of each order, η or κ per grid point and the twiddle table (all
 * computed in f64 on the CPU, pwe-plan.ts); each block product is then scatter → inverse DFT
 * (2 dispatches) → medium → forward DFT (2) → gather for every vector of the block at once, in one
 * command buffer with one readback. LOBPCG stays in f64 on the CPU and sees only y = Θx.
 * Pipelines are compiled when the backend is built, so a shader that does not compile makes the
 * registry fall back with the compiler's message instead of failing the first solve.
 */
import type { ThetaOperator } from '../../../core/photonics/pwe/operator.ts';
import type { AsyncThetaOperator, ThetaOperatorBackend } from '../../../core/photonics/pwe/operator-backend.ts';
import { acquireGpuDevice, type GpuHandle } from './device.ts';
import { dispatchSize } from './fft-plan.ts';
import { buildInErrorScopes, compile, runProduct, storage, uniform, type ComputeStep } from './gpu-kit.ts';
import { dftPasses, packComplex, thetaLayout, unpackComplex, type ThetaLayout } from './pwe-plan.ts';
import { PWE_DFT_WGSL, PWE_GATHER_WGSL, PWE_MEDIUM_WGSL, PWE_SCATTER_WGSL, WORKGROUP_SIZE } from './pwe-shaders.ts';

interface Pipelines {
  readonly scatter: GPUComputePipeline;
  readonly dft: GPUComputePipeline;
  readonly medium: GPUComputePipeline;
  readonly gather: GPUComputePipeline;
}

async function compileAll(device: GPUDevice): Promise<Pipelines> {
  const [scatter, dft, medium, gather] = await Promise.all([
    compile(device, 'pwe-scatter', PWE_SCATTER_WGSL),
    compile(device, 'pwe-dft', PWE_DFT_WGSL),
    compile(device, 'pwe-medium', PWE_MEDIUM_WGSL),
    compile(device, 'pwe-gather', PWE_GATHER_WGSL),
  ]);
  return { scatter, dft, medium, gather };
}

const COMPLEX_BYTES = 8;


/** Buffers and dispatches for blocks of up to `capacity` vectors; the dispatch list is built once per distinct count. */
interface BlockResources {
  readonly capacity: number;
  readonly buffers: GPUBuffer[];
  readonly x: GPUBuffer;
  readonly y: GPUBuffer;
  readonly gridA: GPUBuffer;
  readonly readback: GPUBuffer;
  readonly steps: Map<number, ComputeStep[]>;
}

function createOperator(handle: GpuHandle, pipelines: Pipelines, op: ThetaOperator): AsyncThetaOperator {
  const { device } = handle;
  const layout: ThetaLayout = thetaLayout(op);
  const { n, points, size, fields } = layout;
  const fixed: GPUBuffer[] = [];
  const upload = (label: string, data: Float32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>): GPUBuffer => {
    const b = storage(device, label, data.byteLength);
    device.queue.writeBuffer(b, 0, data);
    fixed.push(b);
    return b;
  };
  const waves = upload('pwe-waves', layout.planeWaves);
  const at = upload('pwe-grid-index', layout.gridIndex);
  const medium = upload('pwe-medium', layout.medium);
  const twiddles = upload('pwe-twiddles', layout.twiddles);
  const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);

  const bind = (pipeline: GPUComputePipeline, resources: GPUBuffer[]): GPUBindGroup =>
    device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: resources.map((buffer, binding) => ({ binding, resource: { buffer } })) });

  const allocate = (capacity: number): BlockResources => {
    const gridBytes = fields * capacity * points * COMPLEX_BYTES;
    if (gridBytes > limit) throw new Error(`a block of ${capacity} vectors on the ${n}×${n} grid needs ${gridBytes} B per buffer, above this device's ${limit} B binding limit`);
    const vectorBytes = capacity * size * COMPLEX_BYTES;
    const buffers: GPUBuffer[] = [];
    const keep = (b: GPUBuffer): GPUBuffer => {
      buffers.push(b);
      return b;
    };
    return {
      capacity,
      buffers,
      x: keep(storage(device, 'pwe-x', vectorBytes)),
      y: keep(storage(device, 'pwe-y', vectorBytes, GPUBufferUsage.COPY_SRC)),
      gridA: keep(storage(device, 'pwe-grid-a', gridBytes)),
      readback: keep(device.createBuffer({ label: 'pwe-readback', size: Math.max(8, vectorBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST })),
      steps: new Map(),
    };
  };

  /** The dispatch list for `count` vectors: grid A holds the field after every pair of DFT passes. */
  const stepsFor = (r: BlockResources, count: number): ComputeStep[] => {
    const cached = r.steps.get(count);
    if (cached) return cached;
    const keep = (b: GPUBuffer): GPUBuffer => {
      r.buffers.push(b);
      return b;
    };
    const gridB = keep(storage(device, 'pwe-grid-b', fields * count * points * COMPLEX_BYTES));
    const block = (threads: number) => {
      const d = dispatchSize(threads, WORKGROUP_SIZE);
      return { d, params: keep(uniform(device, 'pwe-block', [size, count, points, fields, threads, d.rowThreads])) };
    };
    const steps: ComputeStep[] = [];
    const scatter = block(fields * count * size);
    steps.push({ pipeline: pipelines.scatter, bindGroup: bind(pipelines.scatter, [r.x, at, waves, r.gridA, scatter.params]), x: scatter.d.x, y: scatter.d.y });
    const lineThreads = fields * count * n * n;
    const lines = dispatchSize(lineThreads, WORKGROUP_SIZE);
    const transform = (inverse: boolean): void => {
      const [rows, columns] = dftPasses(n);
      for (const [pass, src, dst] of [
        [rows, r.gridA, gridB],
        [columns, gridB, r.gridA],
      ] as const) {
        const params = keep(uniform(device, 'pwe-dft', [n, pass.lineStep, pass.elementStep, inverse ? 1 : 0, lineThreads, lines.rowThreads]));
        steps.push({ pipeline: pipelines.dft, bindGroup: bind(pipelines.dft, [src, dst, twiddles, params]), x: lines.x, y: lines.y });
      }
    };
    transform(true);
    const multiply = block(count * points);
    steps.push({ pipeline: pipelines.medium, bindGroup: bind(pipelines.medium, [r.gridA, medium, multiply.params]), x: multiply.d.x, y: multiply.d.y });
    transform(false);
    const gather = block(count * size);
    steps.push({ pipeline: pipelines.gather, bindGroup: bind(pipelines.gather, [r.gridA, at, waves, r.y, gather.params]), x: gather.d.x, y: gather.d.y });
    r.steps.set(count, steps);
    return steps;
  };

  let resources: BlockResources | undefined;
  let packed = new Float32Array(0);
  let disposed = false;
  const release = (): void => {
    for (const b of resources?.buffers ?? []) b.destroy();
    resources = undefined;
  };
  return {
    size,
    async applyBlock(xRe, xIm, count, yRe, yIm) {
      const lost = handle.lostReason();
      if (lost) throw new Error(lost);
      if (disposed) throw new Error('the WebGPU Θ operator was disposed');
      if (count <= 0) return;
      if (!resources || resources.capacity < count) {
        release();
        resources = allocate(count);
      }
      const r = resources;
      const steps = stepsFor(r, count);
      const length = count * size;
      if (packed.length < 2 * length) packed = new Float32Array(2 * length);
      packComplex(xRe, xIm, length, packed);
      // Orders outside the basis stay zero on a grid larger than the basis; on N = P every point is written.
      const pass = { label: 'pwe-product', clear: r.gridA, steps, result: r.y, readback: r.readback, bytes: length * COMPLEX_BYTES };
      await runProduct(device, 'a WebGPU Θ product failed', pass, () => device.queue.writeBuffer(r.x, 0, packed, 0, 2 * length));
      const y = new Float32Array(r.readback.getMappedRange(0, length * COMPLEX_BYTES).slice(0));
      r.readback.unmap();
      unpackComplex(y, length, yRe, yIm);
    },
    dispose() {
      disposed = true;
      release();
      for (const b of fixed) b.destroy();
    },
  };
}

/** Acquires a device (or uses `handle`) and compiles the kernels; throws with the reason when either fails. */
export async function createWebGpuPweBackend(handle?: GpuHandle): Promise<ThetaOperatorBackend> {
  const gpu = handle ?? (await acquireGpuDevice());
  const pipelines = await compileAll(gpu.device);
  return {
    id: 'webgpu',
    precision: 'f32',
    description: `webgpu: WGSL direct DFTs of Θ in f32 on ${gpu.adapter} (workgroups of ${WORKGROUP_SIZE}, a block of vectors per submission); LOBPCG in f64 on the CPU`,
    unavailableReason: gpu.lostReason,
    softwareAdapter: gpu.software ? gpu.adapter : null,
    create: (op) => buildInErrorScopes(gpu.device, 'building the WebGPU Θ operator failed', () => createOperator(gpu, pipelines, op)),
  };
}
