// Parameter specs shared by the study operations.
import type { ParamSpec } from '../params.ts';

/** The study data exists in English only; other languages are refused with the list of what is available. */
export const ENGLISH_ONLY: ParamSpec = {
  name: 'language', type: 'choice', values: ['english'], default: 'english',
  description: 'english (the only language of this study data; default english)',
};
