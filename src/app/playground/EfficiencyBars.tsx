import { useId, useMemo, useState } from 'react';
import { HorizontalBarChart } from '../charts/HorizontalBarChart.tsx';
import { formatNumber } from '../format.ts';
import { efficiencyBars, orderWavelengths } from './plots/efficiency-bars.ts';

/** Diffraction efficiency per order (R and T) at one wavelength, with a picker when the result is a sweep. */
export function EfficiencyBars({ result }: { result: unknown }) {
  const wavelengths = useMemo(() => orderWavelengths(result), [result]);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const wavelength = picked !== undefined && wavelengths.includes(picked) ? picked : wavelengths[0];
  const groups = useMemo(() => efficiencyBars(result, wavelength), [result, wavelength]);
  const pickerId = useId();
  if (groups.length === 0) return null;
  return (
    <section className="pg-efficiency" aria-label="Diffraction efficiency per order" data-testid="pg-efficiency">
      <h3>Efficiency per diffraction order</h3>
      {wavelengths.length > 1 && (
        <p className="pg-efficiency-picker">
          <label htmlFor={pickerId}>Wavelength</label>{' '}
          <select id={pickerId} data-testid="pg-efficiency-wavelength" value={wavelength} onChange={(e) => setPicked(Number(e.target.value))}>
            {wavelengths.map((w) => (
              <option key={w} value={w}>
                {formatNumber(w)} nm
              </option>
            ))}
          </select>
        </p>
      )}
      <div className="pg-efficiency-charts">
        {groups.map((g) => (
          <figure key={g.polarization} className="chart-figure" data-testid={`pg-efficiency-${g.polarization}`}>
            <HorizontalBarChart title={`${g.polarization} at ${formatNumber(g.wavelength_nm)} nm (R + T in these orders: ${formatNumber(g.total)})`} bars={g.bars} width={460} />
          </figure>
        ))}
      </div>
    </section>
  );
}
