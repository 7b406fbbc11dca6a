/**
 * Thermal and electrical data of the materials the heat oracle knows by name. Room-temperature
 * handbook values (CRC Handbook for bulk metals; thin-film values where films differ much from bulk,
 * which is the case for TiN and the oxide). Thin-film k and ρ depend on the deposition, so a
 * problem may always give its own numbers instead of a name.
 */
export interface ThermalMaterial {
  /** Thermal conductivity, W/(m·K). */
  readonly k_w_mk: number;
  /** Thermo-optic coefficient dn/dT near 1550 nm, 1/K (0 where the material carries no light). */
  readonly dn_dt_per_k: number;
  /** Electrical resistivity, Ω·m (metals only). */
  readonly resistivity_ohm_m?: number;
}

export const THERMAL_MATERIALS = {
  // Bulk crystalline Si; dn/dT = 1.8e-4 /K at 1550 nm (Komma et al., APL 101, 041905 (2012)).
  Si: { k_w_mk: 148, dn_dt_per_k: 1.8e-4 },
  // Thermal / PECVD oxide; dn/dT ≈ 0.95e-5 /K (fused silica, Malitson's data and later fits).
  SiO2: { k_w_mk: 1.38, dn_dt_per_k: 0.95e-5 },
  // LPCVD nitride film; k of films is 10–30 W/m/K, 20 is a middle figure; dn/dT ≈ 2.45e-5 /K.
  Si3N4: { k_w_mk: 20, dn_dt_per_k: 2.45e-5 },
  air: { k_w_mk: 0.026, dn_dt_per_k: 0 },
  // Sputtered TiN film: ρ ≈ 1.2e-6 Ω·m (120 µΩ·cm, ~10 Ω/sq at 120 nm), k ≈ 28 W/m/K.
  TiN: { k_w_mk: 28, dn_dt_per_k: 0, resistivity_ohm_m: 1.2e-6 },
  Ti: { k_w_mk: 21.9, dn_dt_per_k: 0, resistivity_ohm_m: 4.2e-7 },
  W: { k_w_mk: 173, dn_dt_per_k: 0, resistivity_ohm_m: 5.6e-8 },
  // Nichrome 80/20.
  NiCr: { k_w_mk: 11.3, dn_dt_per_k: 0, resistivity_ohm_m: 1.1e-6 },
  Al: { k_w_mk: 237, dn_dt_per_k: 0, resistivity_ohm_m: 2.65e-8 },
  Cu: { k_w_mk: 401, dn_dt_per_k: 0, resistivity_ohm_m: 1.68e-8 },
} as const satisfies Record<string, ThermalMaterial>;

export type ThermalMaterialName = keyof typeof THERMAL_MATERIALS;
export const THERMAL_MATERIAL_NAMES = Object.keys(THERMAL_MATERIALS) as [ThermalMaterialName, ...ThermalMaterialName[]];
