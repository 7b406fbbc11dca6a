/**
 * `proving-ground mcp`: the photonics-agent tools served over MCP (stdio), through the official
 * TypeScript SDK, so any MCP client (an IDE agent, Claude Desktop, an Inspect eval) can use the
 * engine. The tools are exactly the in-process ones (src/core/photonics-agent/environment.ts) minus
 * submit_answer, which belongs to the harness: same names, descriptions and zod-derived JSON
 * Schemas. A call's arguments are validated with the tool's zod schema; a failure comes back as an
 * error result (isError) carrying the validation or engine message, as in-process.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { engineTools, SERVER_INSTRUCTIONS, type PhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import { toolDefinition } from '../../core/llm/tool-loop.ts';

export const MCP_SERVER_NAME = 'proving-ground-photonics';

/** The tools an MCP client sees (submit_answer stays with the harness). */
export function serverTools(env: PhotonicsAgentEnv) {
  return engineTools(env);
}

export function createPhotonicsMcpServer(env: PhotonicsAgentEnv, version: string): Server {
  const server = new Server({ name: MCP_SERVER_NAME, version }, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  const tools = serverTools(env);
  server.setRequestHandler(ListToolsRequestSchema, () =>
    Promise.resolve({
      tools: tools.map((t) => {
        const d = toolDefinition(t);
        return { name: d.name, description: d.description, inputSchema: d.parameters as { type: 'object'; [k: string]: unknown } };
      }),
    }),
  );
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    const fail = (text: string) => ({ content: [{ type: 'text' as const, text }], isError: true });
    if (!tool) return fail(`unknown tool "${request.params.name}"; available tools: ${tools.map((t) => t.name).join(', ')}`);
    const parsed = tool.schema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) return fail(`invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error)}`);
    try {
      const result = await Promise.resolve(tool.handler(parsed.data, new AbortController().signal));
      return { content: [{ type: 'text' as const, text: JSON.stringify(result ?? null) }], structuredContent: { result: result ?? null } };
    } catch (e) {
      return fail(`${tool.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  return server;
}

/** Serves on stdin/stdout until the client closes the pipe. */
export async function serveStdio(env: PhotonicsAgentEnv, version: string): Promise<void> {
  const server = createPhotonicsMcpServer(env, version);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await closed;
}
