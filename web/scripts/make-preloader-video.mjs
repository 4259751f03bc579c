// Generates the preloader's brand intro: web/public/video/preloader.{webm,mp4} and its poster
// frame preloader-poster.webp. Frames are drawn as SVG, rasterised with sharp and encoded with
// ffmpeg (installed with apt-get when missing). Run: node scripts/make-preloader-video.mjs
// The intro is 720×720 with everything inside the centre, so `object-fit: cover` crops it well
// on both portrait phones and wide screens. Budget: video files and poster under 400 KB together.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';
import { COLORS, markSvg } from './brand.mjs';

const SIZE = 720;
const FPS = 24;
const SECONDS = 4;
const BUDGET_BYTES = 400 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'video');

function ensureFfmpeg() {
  if (spawnSync('ffmpeg', ['-version']).status === 0) return;
  console.log('ffmpeg is missing: installing it with apt-get');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'ffmpeg'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const ease = (t) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

/** One frame at time `t` seconds: orbiting nodes around the mark, then the wordmark and line. */
function frame(t) {
  const c = SIZE / 2;
  const nodes = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const radius = i % 2 ? 150 : 112;
      const angle = (i / 6) * Math.PI * 2 + t * (i % 2 ? 0.6 : -0.9);
      const x = c + Math.cos(angle) * radius;
      const y = c - 40 + Math.sin(angle) * radius * 0.92;
      const colour = [COLORS.accent, COLORS.accent2, COLORS.text][i % 3];
      return `<line x1="${c}" y1="${c - 40}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="${colour}" stroke-opacity="${(0.18 * ease(t / 0.8)).toFixed(3)}"/>
<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 2 ? 5 : 7}" fill="${colour}"/>`;
    })
    .join('');
  const pulse = 1 + 0.04 * Math.sin(t * Math.PI * 1.5);
  const sweep = -200 + ((t * 260) % 900);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
<radialGradient id="glow" cx="0.5" cy="0.47" r="0.42"><stop stop-color="${COLORS.accent}" stop-opacity="${(0.35 + 0.1 * Math.sin(t * 2)).toFixed(3)}"/><stop offset="1" stop-color="${COLORS.bg}" stop-opacity="0"/></radialGradient>
<linearGradient id="sweep" x1="0" x2="1"><stop stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<clipPath id="word"><text x="${c}" y="${c + 150}" text-anchor="middle" font-family="sans-serif" font-size="54" font-weight="700">Mintline</text></clipPath>
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="#07070d"/>
<rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>
<circle cx="${c}" cy="${c - 40}" r="150" fill="none" stroke="${COLORS.accent}" stroke-opacity="0.25" stroke-dasharray="3 9"/>
<circle cx="${c}" cy="${c - 40}" r="112" fill="none" stroke="${COLORS.accent2}" stroke-opacity="0.2"/>
${nodes}
<g transform="translate(${c} ${c - 40}) scale(${(3.2 * pulse).toFixed(3)}) translate(-16 -16)">${markSvg('m')}</g>
<text x="${c}" y="${c + 150}" text-anchor="middle" font-family="sans-serif" font-size="54" font-weight="700" fill="${COLORS.text}">Mintline</text>
<rect x="${sweep.toFixed(1)}" y="${c + 90}" width="160" height="80" fill="url(#sweep)" clip-path="url(#word)"/>
<text x="${c}" y="${c + 196}" text-anchor="middle" font-family="sans-serif" font-size="20" letter-spacing="4" fill="${COLORS.muted}">WEB3 · WEB2 · TELEGRAM · SOFTWARE</text>
</svg>`;
}

ensureFfmpeg();
await mkdir(out, { recursive: true });
const frames = await mkdtemp(path.join(tmpdir(), 'preloader-'));
try {
  const count = FPS * SECONDS;
  for (let i = 0; i < count; i += 1) {
    await sharp(Buffer.from(frame(i / FPS)))
      .png({ compressionLevel: 1 })
      .toFile(path.join(frames, `${String(i).padStart(4, '0')}.png`));
  }
  const input = [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    path.join(frames, '%04d.png'),
  ];
  execFileSync('ffmpeg', [
    ...input,
    ...[
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '36',
      '-row-mt',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-an',
    ],
    path.join(out, 'preloader.webm'),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '26', '-pix_fmt', 'yuv420p', '-an'],
    ...['-movflags', '+faststart'],
    path.join(out, 'preloader.mp4'),
  ]);
  // The poster is the first frame, so the video starts exactly where the poster was.
  await sharp(path.join(frames, '0000.png'))
    .webp({ quality: 72, effort: 6 })
    .toFile(path.join(out, 'preloader-poster.webp'));
} finally {
  await rm(frames, { recursive: true, force: true });
}

let total = 0;
for (const file of ['preloader.webm', 'preloader.mp4', 'preloader-poster.webp']) {
  const { size } = await stat(path.join(out, file));
  total += size;
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB`);
}
console.log(`total: ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('over budget: raise the CRF values');
  process.exit(1);
}
