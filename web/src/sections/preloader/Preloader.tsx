import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { prefersReducedMotion } from '../../lib/motion';
import { PRELOADER_FADE_MS, PRELOADER_REMOVE_MS } from '../../lib/constants';
import { INTRO_SEEN_CLASS, introSeen } from '../../lib/introOnce';
import { releaseScrollLock } from './scrollLock';
import { PRELOADER_VIDEO } from './video';
import './Preloader.css';

type Phase = 'playing' | 'fading' | 'gone';

/**
 * The full-screen brand intro. It fades at 3.9 s and is removed at 4.2 s, counted from the start
 * of the page load like the CSS animation that does the same with JavaScript off. The video is
 * fetched only after the load event, so it never competes with the page's first paint.
 * Skipped entirely under prefers-reduced-motion, and on every landing of a tab session after its
 * first, where the page's inline script hid it before the first paint (lib/introOnce.ts). The
 * page scrolls again the moment it leaves, and from then on the tab has had its intro.
 */
export function Preloader() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('playing');
  const videoRef = useRef<HTMLVideoElement>(null);

  // A layout effect, so the lock goes in the same frame as the preloader, not a paint later.
  useLayoutEffect(() => {
    if (phase !== 'gone') return;
    releaseScrollLock();
    document.documentElement.classList.add(INTRO_SEEN_CLASS);
  }, [phase]);

  useEffect(() => {
    if (prefersReducedMotion() || introSeen()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- known only after hydration
      setPhase('gone');
      return;
    }
    const elapsed = Math.max(0, performance.now());
    const fade = setTimeout(() => setPhase('fading'), Math.max(0, PRELOADER_FADE_MS - elapsed));
    const remove = setTimeout(() => setPhase('gone'), Math.max(0, PRELOADER_REMOVE_MS - elapsed));

    const startVideo = () => {
      const video = videoRef.current;
      if (!video) return;
      // Set here rather than as a prop: React checks `muted` as a property when hydrating, and
      // only a muted video may autoplay.
      video.muted = true;
      video.src = video.canPlayType('video/webm; codecs="vp9"')
        ? PRELOADER_VIDEO.webm
        : PRELOADER_VIDEO.mp4;
      video.play()?.catch(() => undefined);
    };
    if (document.readyState === 'complete') startVideo();
    else window.addEventListener('load', startVideo, { once: true });

    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
      window.removeEventListener('load', startVideo);
    };
  }, []);

  if (phase === 'gone') return null;
  return (
    <div className="preloader" data-phase={phase} data-testid="preloader" aria-hidden="true">
      {/* The intro's first frame drawn in HTML: on screen from the first paint, before the
          poster image arrives, and all there is when images are off. */}
      <div className="preloader__brand">
        <BrandMark gradientId="preloader-gradient" className="preloader__mark" />
        <span className="preloader__name">{t('meta.siteName')}</span>
      </div>
      <video
        ref={videoRef}
        className="preloader__video"
        poster={PRELOADER_VIDEO.poster}
        preload="none"
        playsInline
        disablePictureInPicture
        width={720}
        height={720}
      />
    </div>
  );
}
