/**
 * Warnings over a wavelength sweep, said once. A condition met at many wavelengths (a material out
 * of its data range, no guided mode, loss ignored) is reported by its first occurrence plus how many
 * of the sweep's wavelengths share it, instead of one line per wavelength. Messages that differ only
 * in their numbers count as the same condition.
 */
export class SweepWarnings {
  private readonly first = new Map<string, { message: string; wavelengths: number[] }>();

  /** Record `message` (written for `wavelength_nm`) under a condition key. */
  note(key: string, wavelength_nm: number, message: string): void {
    const k = `${key}|${message.replace(/-?\d[\d.e+-]*/g, '#')}`;
    const entry = this.first.get(k);
    if (entry === undefined) this.first.set(k, { message, wavelengths: [wavelength_nm] });
    else if (entry.wavelengths.at(-1) !== wavelength_nm) entry.wavelengths.push(wavelength_nm);
  }

  list(sweepSize: number): string[] {
    return [...this.first.values()].map(({ message, wavelengths }) => {
      if (wavelengths.length <= 1) return message;
      const lo = Math.min(...wavelengths);
      const hi = Math.max(...wavelengths);
      return `${message} (the same holds at ${wavelengths.length} of the ${sweepSize} wavelengths, ${lo}–${hi} nm)`;
    });
  }
}
