/**
 * The full-screen image previewer (spec screen 14, §9): PhotoSwipe with zoom and swipe, show/hide in
 * 333 ms, controls idle after 4 s, double-tap zoom (PhotoSwipe's 300 ms window), one image preloaded on
 * each side, a delete control unless read-only, and 「画像を読み込めませんでした。」 with a link when an
 * image fails. PhotoSwipe and its stylesheet are imported here on first use only, never on page load.
 */
import { PREVIEWER_ANIMATION_MS, PREVIEWER_IDLE_MS, PREVIEWER_PRELOAD } from "~/core/limits";
import { imageSize } from "./compress";

export const PREVIEW_LOAD_ERROR = "画像を読み込めませんでした。";

export interface PreviewItem {
  src: string;
  width?: number | null;
  height?: number | null;
  alt: string;
}

const FALLBACK_SIZE = { width: 1024, height: 768 };

async function sized(item: PreviewItem): Promise<{ src: string; width: number; height: number; alt: string }> {
  if (item.width && item.height) return { src: item.src, width: item.width, height: item.height, alt: item.alt };
  const size = (await imageSize(item.src)) ?? FALLBACK_SIZE;
  return { src: item.src, alt: item.alt, ...size };
}

export async function openPreviewer(options: {
  items: PreviewItem[];
  index: number;
  readonly: boolean;
  onDelete?: (index: number) => void;
  onClose?: () => void;
}) {
  const [{ default: PhotoSwipe }, dataSource] = await Promise.all([
    import("photoswipe"),
    Promise.all(options.items.map(sized)),
    import("photoswipe/style.css"),
    import("./previewer.css"),
  ]);
  const pswp = new PhotoSwipe({
    dataSource,
    index: options.index,
    showAnimationDuration: PREVIEWER_ANIMATION_MS,
    hideAnimationDuration: PREVIEWER_ANIMATION_MS,
    preload: [PREVIEWER_PRELOAD, PREVIEWER_PRELOAD],
    doubleTapAction: "zoom",
    errorMsg: PREVIEW_LOAD_ERROR,
    closeTitle: "閉じる",
    zoomTitle: "拡大・縮小",
    arrowPrevTitle: "前の画像",
    arrowNextTitle: "次の画像",
    indexIndicatorSep: " / ",
    bgOpacity: 0.9,
  });

  pswp.addFilter("contentErrorElement", (element, content) => {
    element.textContent = PREVIEW_LOAD_ERROR;
    const src = typeof content.data.src === "string" ? content.data.src : null;
    if (src) {
      const link = document.createElement("a");
      link.href = src;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = "画像を開く";
      element.appendChild(document.createElement("br"));
      element.appendChild(link);
    }
    return element;
  });

  if (!options.readonly && options.onDelete) {
    const onDelete = options.onDelete;
    pswp.on("uiRegister", () => {
      pswp.ui?.registerElement({
        name: "delete-button",
        ariaLabel: "この画像を削除",
        title: "削除",
        order: 9,
        isButton: true,
        html: "削除",
        onClick: () => {
          onDelete(pswp.currIndex);
          pswp.close();
        },
      });
    });
  }

  // Controls fade after PREVIEWER_IDLE_MS without pointer or key activity.
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    pswp.element?.classList.remove("pswp--idle");
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => pswp.element?.classList.add("pswp--idle"), PREVIEWER_IDLE_MS);
  };
  pswp.on("afterInit", () => {
    pswp.element?.addEventListener("pointermove", wake);
    pswp.element?.addEventListener("pointerdown", wake);
    pswp.element?.addEventListener("keydown", wake);
    wake();
  });
  // PhotoSwipe ignores a close during its opening animation; this class says the controls are live.
  pswp.on("openingAnimationEnd", () => pswp.element?.classList.add("pswp--ready"));
  pswp.on("destroy", () => {
    clearTimeout(idleTimer);
    options.onClose?.();
  });
  pswp.init();
  return pswp;
}
