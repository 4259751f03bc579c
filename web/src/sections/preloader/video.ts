/** The brand intro made by scripts/make-preloader-video.mjs (public/video/). */
export const PRELOADER_VIDEO = {
  webm: '/video/preloader.webm',
  mp4: '/video/preloader.mp4',
  poster: '/video/preloader-poster.webp',
} as const;
