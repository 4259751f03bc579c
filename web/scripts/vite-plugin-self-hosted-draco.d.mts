import type { Plugin } from 'vite';

export function rewriteDracoUrls(code: string): string;
export function selfHostedDraco(): Plugin;
