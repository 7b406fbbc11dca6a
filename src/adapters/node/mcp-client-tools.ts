/**
 * The other direction: an MCP server's tools (spawned over stdio) as tool-loop tools, so the same
 * tasks and graders benchmark any MCP server. Each listed tool keeps its name, description and JSON
 * Schema (the server validates its own arguments: the schema here accepts any object); an error
 * result becomes a tool error with the server's text, so the model and the transcript see it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import type { ToolSpec } from '../../core/llm/tool-loop.ts';

export interface McpServerCommand {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

export interface McpToolSession {
  tools: ToolSpec[];
  /** The server's instructions text, when it sent one. */
  instructions: string | undefined;
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => (c !== null && typeof c === 'object' && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text) : ''))
    .join('');
}

/** Spawns the server, lists its tools and wraps each one; close() ends the server. */
export async function connectMcpTools(server: McpServerCommand): Promise<McpToolSession> {
  const transport = new StdioClientTransport({ command: server.command, args: [...server.args], ...(server.env ? { env: { ...server.env } } : {}), ...(server.cwd ? { cwd: server.cwd } : {}), stderr: 'ignore' });
  const client = new Client({ name: 'proving-ground-harness', version: '1' });
  await client.connect(transport);
  const listed = await client.listTools();
  const tools: ToolSpec[] = listed.tools.map((t) => ({
    name: t.name,
    description: t.description ?? '',
    // The advertised JSON Schema is the server's; the harness passes any object on and lets the server validate it.
    schema: z.record(z.string(), z.unknown()).meta(t.inputSchema as Record<string, unknown>),
    handler: async (args: unknown) => {
      const r = await client.callTool({ name: t.name, arguments: args as Record<string, unknown> });
      // The server's message already names the tool ("solve failed: …"); the loop adds that prefix itself.
      if (r.isError === true) throw new Error(textOf(r.content).replace(`${t.name} failed: `, ''));
      const structured = (r as { structuredContent?: { result?: unknown } }).structuredContent;
      if (structured && 'result' in structured) return structured.result;
      const text = textOf(r.content);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    },
  }));
  return { tools, instructions: client.getInstructions(), close: () => client.close() };
}
