import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderBoundary } from './RenderBoundary.tsx';

// No DOM in these tests: the boundary's state rules and its two renderings are checked directly.
describe('RenderBoundary', () => {
  const props = { title: 'The result could not be drawn', resetKey: 'a', children: <p>plot</p> };

  it('renders its children while nothing has thrown', () => {
    expect(renderToStaticMarkup(<RenderBoundary {...props} />)).toBe('<p>plot</p>');
  });

  it('turns a render error into an alert naming the part and the message', () => {
    const boundary = new RenderBoundary(props);
    boundary.state = { ...boundary.state, ...RenderBoundary.getDerivedStateFromError(new Error('heatmap: 0 columns')) };
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The result could not be drawn');
    expect(html).toContain('heatmap: 0 columns');
  });

  it('clears the error when its reset key changes, and keeps it while the key stays', () => {
    const failed = { error: new Error('x'), key: 'a' };
    expect(RenderBoundary.getDerivedStateFromProps(props, failed)).toBeNull();
    expect(RenderBoundary.getDerivedStateFromProps({ ...props, resetKey: 'b' }, failed)).toEqual({ error: null, key: 'b' });
  });
});
