/**
 * Small WebGPU helpers shared by the operator backends (DDA, PWE): compiling a kernel with the
 * compiler's message on failure, storage and uniform buffers, and turning error scopes into throws.
 */

/** Compiles one kernel; a WGSL error surfaces with the compiler's own message and line. */
export async function compile(device: GPUDevice, label: string, code: string): Promise<GPUComputePipeline> {
  const module = device.createShaderModule({ label, code });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new Error(`WGSL ${label} does not compile: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
  return device.createComputePipelineAsync({ label, layout: 'auto', compute: { module, entryPoint: 'main' } });
}

export function storage(device: GPUDevice, label: string, bytes: number, extra = 0): GPUBuffer {
  // WebGPU rejects zero-sized bindings; 8 bytes is one vec2<f32>.
  return device.createBuffer({ label, size: Math.max(8, bytes), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | extra });
}

export function uniform(device: GPUDevice, label: string, values: readonly number[]): GPUBuffer {
  const words = new Uint32Array(Math.ceil(values.length / 4) * 4);
  words.set(values);
  const buffer = device.createBuffer({ label, size: words.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(buffer, 0, words);
  return buffer;
}

/** Throws with the WebGPU error caught in the scopes pushed by the caller (validation inside, out-of-memory outside). */
export async function popScopes(device: GPUDevice, what: string): Promise<void> {
  // Both pops are issued before anything is awaited: another operation's push/pop in the same
  // worker (a parity check during a solve) must not land between them and take our scope.
  const [validation, memory] = await Promise.all([device.popErrorScope(), device.popErrorScope()]);
  const error = memory ?? validation;
  if (error) throw new Error(`${what}: ${error.message}`);
}


/** One compute dispatch of an operator's fixed schedule. */
export interface ComputeStep {
  readonly pipeline: GPUComputePipeline;
  readonly bindGroup: GPUBindGroup;
  readonly x: number;
  readonly y: number;
}

/** What one product does around its dispatches: the buffer zeroed first, and the result copied to a mappable buffer. */
export interface ProductPass {
  readonly label: string;
  readonly clear: GPUBuffer;
  readonly steps: readonly ComputeStep[];
  readonly result: GPUBuffer;
  readonly readback: GPUBuffer;
  readonly bytes: number;
}

/**
 * Runs one operator product: clears, dispatches every step in one compute pass, copies the result
 * out and maps it, all inside error scopes (`what` names a failure). Resolves once the readback is
 * mapped; the caller reads it and unmaps.
 */
export async function runProduct(device: GPUDevice, what: string, pass: ProductPass, upload: () => void): Promise<void> {
  const submitted = submitInErrorScopes(device, what, () => {
    upload();
    const encoder = device.createCommandEncoder({ label: pass.label });
    encoder.clearBuffer(pass.clear);
    const compute = encoder.beginComputePass({ label: pass.label });
    for (const s of pass.steps) {
      compute.setPipeline(s.pipeline);
      compute.setBindGroup(0, s.bindGroup);
      compute.dispatchWorkgroups(s.x, s.y);
    }
    compute.end();
    encoder.copyBufferToBuffer(pass.result, 0, pass.readback, 0, pass.bytes);
    device.queue.submit([encoder.finish()]);
  });
  // The map is requested at once (after the submit); a scoped error wins over whatever it reads.
  await Promise.all([submitted, pass.readback.mapAsync(GPUMapMode.READ, 0, pass.bytes)]);
}

/**
 * Encodes and submits one product inside out-of-memory and validation scopes (pushed and popped in
 * one synchronous stretch), so a failing submission throws — and the solve falls back to the
 * reference — instead of reading back zeros as if it were a result.
 */
export async function submitInErrorScopes(device: GPUDevice, what: string, submit: () => void): Promise<void> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let failure: unknown = null;
  try {
    submit();
  } catch (e) {
    failure = e;
  }
  const scoped = popScopes(device, what);
  if (failure !== null) {
    await scoped.catch(() => undefined);
    throw failure;
  }
  await scoped;
}

/**
 * Runs `build` inside out-of-memory and validation scopes and throws the first failure (its own
 * throw, or a WebGPU error it caused); both scopes are popped whatever happens, and a half-built
 * result is disposed.
 */
export async function buildInErrorScopes<T extends { dispose(): void }>(device: GPUDevice, what: string, build: () => T): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let built: T | undefined;
  let failure: unknown = null;
  try {
    built = build();
  } catch (e) {
    failure = e;
  }
  const scoped = await popScopes(device, what).then(
    () => null,
    (e: unknown) => e,
  );
  if (failure !== null || scoped !== null || !built) {
    built?.dispose();
    throw failure ?? scoped;
  }
  return built;
}
