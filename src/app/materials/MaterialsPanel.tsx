import {
  PIEZO_MATERIALS,
  SUBSTRATE_MATERIALS,
  type PiezoMaterial,
  type SubstrateMaterial,
} from '../../core/veh/materials.ts';

interface MaterialsPanelProps {
  /** Restrict to the materials one task uses; all materials when absent. */
  piezo?: PiezoMaterial;
  substrate?: SubstrateMaterial;
  /** Open by default on a task (two rows), folded on the suite page (eight rows). */
  open?: boolean;
}

const gpa = (pa: number): string => (pa / 1e9).toFixed(1);
const pmPerVolt = (mv: number): string => (mv * 1e12).toFixed(0);

/**
 * The constants the oracle uses, with where each value comes from. Datasheets disagree, sometimes
 * by 20 %, so the source text matters as much as the number.
 */
export function MaterialsPanel({ piezo, substrate, open = false }: MaterialsPanelProps) {
  const piezos = piezo ? [piezo] : Object.values(PIEZO_MATERIALS);
  const substrates = substrate ? [substrate] : Object.values(SUBSTRATE_MATERIALS);
  return (
    <details className="panel materials-panel" open={open} data-testid="materials-panel">
      <summary>
        <h2>Materials{piezo || substrate ? ' used by this task' : ''}</h2>
      </summary>
      <p className="note">
        These are the VEHBench oracle's own constants, so scores line up with the paper's. Published datasheets disagree
        on most of them; each row says by how much.
      </p>
      <div className="table-scroll">
        <table className="data-table">
          <caption>Piezoelectric layer</caption>
          <thead>
            <tr>
              <th scope="col">Material</th>
              <th scope="col">d31 (pm/V)</th>
              <th scope="col">ε33ᵀ/ε0</th>
              <th scope="col">E (GPa)</th>
              <th scope="col">ρ (kg/m³)</th>
              <th scope="col">Provenance</th>
            </tr>
          </thead>
          <tbody>
            {piezos.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.label}</th>
                <td>{pmPerVolt(m.d31)}</td>
                <td>{m.eps33Rel}</td>
                <td>{gpa(m.modulusPa)}</td>
                <td>{m.density}</td>
                <td className="provenance">{m.provenance}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="data-table">
          <caption>Substrate</caption>
          <thead>
            <tr>
              <th scope="col">Material</th>
              <th scope="col">E (GPa)</th>
              <th scope="col">ρ (kg/m³)</th>
              <th scope="col">Provenance</th>
            </tr>
          </thead>
          <tbody>
            {substrates.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.label}</th>
                <td>{gpa(m.modulusPa)}</td>
                <td>{m.density}</td>
                <td className="provenance">{m.provenance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
