/** The suite the gallery shows: its traps, pushbacks and warnings (the page's only photonics-agent-specific view). */
export const GALLERY_SUITE_ID = 'photonics-agent';
