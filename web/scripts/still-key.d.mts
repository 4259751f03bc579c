export const STILL_INPUTS: string[];
export function stillKey(inputs: [string, Uint8Array][]): string;
export function readStillKey(web: string): Promise<string>;
