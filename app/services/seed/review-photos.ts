/**
 * The demo's review photos (spec §3 Review gallery): a few reviewers "took pictures", drawn here in the
 * flat style of the product pictures and encoded as PNG, so the seed needs no image files. The seed stores
 * them in R2 through the media service like any review photo.
 */
import { encodePng, type Rgb } from "./png";

const WIDTH = 480;
const HEIGHT = 360;

type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; color: string }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number; color: string };

interface Picture {
  background: string;
  /** Painted in order: later shapes cover earlier ones. */
  shapes: Shape[];
}

export interface ReviewPhotoSpec {
  /** The review, by its product and nickname (app/services/seed/catalogue.ts REVIEWS). */
  sku: string;
  nickname: string;
  pictures: Picture[];
}

const rect = (x: number, y: number, w: number, h: number, color: string): Shape => ({ kind: "rect", x, y, w, h, color });
const ellipse = (cx: number, cy: number, rx: number, ry: number, color: string): Shape => ({ kind: "ellipse", cx, cy, rx, ry, color });

/** A folded towel: a white block with a woven band near its edge. */
const foldedTowel = (x: number, y: number) => [rect(x + 6, y + 8, 300, 70, "#cfc6b8"), rect(x, y, 300, 70, "#fbfaf7"), rect(x, y + 50, 300, 10, "#e3ddd3")];

export const REVIEW_PHOTOS: ReviewPhotoSpec[] = [
  {
    sku: "DEMO-SIMPLE",
    nickname: "くまさん",
    pictures: [{ background: "#e9dcc8", shapes: [...foldedTowel(90, 200), ...foldedTowel(100, 125), ...foldedTowel(95, 50)] }],
  },
  {
    sku: "DEMO-SIMPLE",
    nickname: "ゆずママ",
    pictures: [
      {
        background: "#dfeaf2",
        shapes: [rect(40, 60, 400, 14, "#8a6b4a"), rect(140, 74, 200, 250, "#fbfaf7"), rect(140, 270, 200, 12, "#e3ddd3"), rect(140, 290, 200, 12, "#e3ddd3")],
      },
    ],
  },
  {
    sku: "DEMO-VARIATION",
    nickname: "さくら",
    pictures: [
      {
        background: "#9bb7a4",
        shapes: [
          rect(200, 20, 12, 90, "#c9b994"),
          rect(268, 20, 12, 90, "#c9b994"),
          rect(185, 100, 110, 70, "#e8dcc2"),
          rect(150, 160, 180, 190, "#e8dcc2"),
          rect(170, 230, 60, 60, "#d8c9a8"),
          rect(250, 230, 60, 60, "#d8c9a8"),
        ],
      },
      {
        background: "#f1ede6",
        shapes: [rect(0, 250, 480, 110, "#b08d67"), rect(60, 120, 360, 140, "#e8dcc2"), rect(100, 160, 80, 60, "#d8c9a8"), rect(300, 160, 80, 60, "#d8c9a8")],
      },
    ],
  },
  {
    sku: "FOOD-RICE",
    nickname: "のりたま",
    pictures: [
      {
        background: "#3b3230",
        shapes: [
          ellipse(240, 200, 190, 130, "#5a4a42"),
          ellipse(240, 190, 160, 100, "#2f2724"),
          ellipse(240, 185, 145, 88, "#fbfaf5"),
          ellipse(300, 160, 30, 12, "#f1ead8"),
        ],
      },
    ],
  },
];

function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function covers(shape: Shape, x: number, y: number): boolean {
  if (shape.kind === "rect") return x >= shape.x && x < shape.x + shape.w && y >= shape.y && y < shape.y + shape.h;
  return ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1;
}

/** One picture as PNG bytes (480×360). */
export function drawPicture(picture: Picture): Uint8Array {
  const background = rgb(picture.background);
  const shapes = picture.shapes.map((shape) => ({ shape, color: rgb(shape.color) })).reverse();
  return encodePng(WIDTH, HEIGHT, (x, y) => shapes.find(({ shape }) => covers(shape, x, y))?.color ?? background);
}
