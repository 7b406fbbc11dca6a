import { useMemo, useState } from 'react';
import { P3VariantSchema, buildEpisodeOpening, type P3Variant } from '../../core/veh/protocol/index.ts';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { CopyButton } from '../components/CopyButton.tsx';

/** Exactly what the model would be sent to open the episode, built by the protocol module. */
export function OpeningMessages({ task }: { task: VehTask }) {
  const [p3Variant, setP3Variant] = useState<P3Variant>('raw_history');
  const messages = useMemo(() => buildEpisodeOpening(task, { p3Variant }), [task, p3Variant]);
  const transcript = messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
  return (
    <section className="panel" aria-labelledby="opening-heading">
      <div className="panel-heading">
        <h2 id="opening-heading">Opening messages, exactly as sent</h2>
        <CopyButton text={transcript} label="Copy all" />
      </div>
      {task.probe === 'P3' && (
        <fieldset className="inline-options">
          <legend>P3 prompt variant</legend>
          {P3VariantSchema.options.map((v) => (
            <label key={v}>
              <input type="radio" name="p3-variant" value={v} checked={p3Variant === v} onChange={() => setP3Variant(v)} />
              {v === 'raw_history' ? 'raw corrupted history' : 'verifier-authored state summary'}
            </label>
          ))}
        </fieldset>
      )}
      {messages.map((m, i) => (
        <article key={i} className="message" data-role={m.role}>
          <header>
            <h3>{m.role}</h3>
            <CopyButton text={m.content} />
          </header>
          <pre className="code-block" data-testid="opening-message">
            {m.content}
          </pre>
        </article>
      ))}
    </section>
  );
}
