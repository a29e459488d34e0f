import { Form, Link, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Notice } from "~/components/member/Notice";
import { MEDIA_MAX_BYTES, PRODUCT_IMAGE_ALT_MAX_LENGTH } from "~/core/limits";
import type { ProductPhotosActionData, ProductPhotosPageData, ProductPhotoView } from "~/web/types/product-images";

/** What the file inputs offer; the server still checks every file by its bytes. */
const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
const PHOTO_HINT = `JPEG・PNG・WebP、1枚${Math.floor(MEDIA_MAX_BYTES / 1024 / 1024)}MBまで。表示する大きさ（一覧・商品ページ・拡大）に自動で縮小されます。`;
const THUMBNAIL = 120;

/**
 * A product's photos (staff and its merchant alike): add photos with their alt text, then per photo save
 * its alt text and variation, move it, make it the main photo, replace its file or delete it. Every
 * control is a plain form (multipart where a file goes), so the page works without JS.
 */
export function ProductPhotosPage({ page, actionData }: { page: ProductPhotosPageData; actionData: ProductPhotosActionData | null }) {
  const { product, photos } = page;
  const uploadError = actionData && actionData.mediaId == null ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl">
      <p className="m-0 text-sm">
        <Link to={page.editorPath}>← 商品の編集に戻る</Link>
      </p>
      <h1 className="mb-0 mt-2 text-xl">商品画像</h1>
      <p className="m-0 mt-1 text-sm text-gray-700">
        {product.title}（{product.sku}）
      </p>
      <Notice text={page.notice} />
      <UploadForm page={page} error={uploadError} />
      <section aria-labelledby="photos-heading" className="mt-6">
        <h2 id="photos-heading" className="m-0 text-base">
          登録済みの画像（{photos.length}/{page.limit}枚）
        </h2>
        <p className="m-0 mt-1 text-xs text-gray-600">いちばん上の画像がメイン画像として一覧・カートに表示されます。</p>
        {photos.length === 0 ? (
          <p className="text-sm">画像はまだありません。</p>
        ) : (
          <ol className="m-0 mt-3 grid list-none gap-3 p-0" aria-label="商品画像の一覧">
            {photos.map((photo, index) => (
              <PhotoRow
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                page={page}
                error={actionData?.mediaId === photo.id ? actionData : null}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function UploadForm({ page, error }: { page: ProductPhotosPageData; error: ProductPhotosActionData | null }) {
  const navigation = useNavigation();
  const full = page.photos.length >= page.limit;
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <section aria-labelledby="upload-heading" className="card mt-4 p-4">
      <h2 id="upload-heading" className="m-0 mb-3 text-base">
        画像を追加する
      </h2>
      <Form method="post" encType="multipart/form-data" className="grid gap-3" aria-describedby={error ? "upload-error" : undefined}>
        <input type="hidden" name="intent" value="upload" />
        <div className="grid gap-1">
          <label htmlFor="photo-file" className="text-sm font-bold">
            画像ファイル（複数選べます）
          </label>
          <input
            id="photo-file"
            type="file"
            name="file"
            accept={PHOTO_ACCEPT}
            multiple
            required
            disabled={full}
            aria-describedby="photo-file-hint"
            aria-invalid={error?.field === "file" || undefined}
            className="max-w-full text-sm"
          />
          <p id="photo-file-hint" className="m-0 text-xs text-gray-600">
            {full ? `画像は${page.limit}枚までです。追加するには先に削除してください。` : PHOTO_HINT}
          </p>
        </div>
        <AltField
          id="photo-alt"
          defaultValue={error?.alt ?? ""}
          invalid={error?.field === "alt"}
          hint="複数選んだ場合は同じ説明が付きます（あとで1枚ずつ変更できます）。"
        />
        <VariationField id="photo-variation" page={page} defaultValue={null} />
        {error ? (
          <p id="upload-error" role="alert" className="field-error m-0">
            {error.error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn-primary" disabled={full || uploading}>
            画像を追加
          </button>
          {uploading ? (
            <span role="status" className="ml-2 text-sm text-gray-700">
              アップロードして縮小しています…
            </span>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function AltField({ id, defaultValue, invalid, hint }: { id: string; defaultValue: string; invalid: boolean; hint?: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        画像の説明（代替テキスト・必須）
      </label>
      <input
        id={id}
        name="alt"
        required
        maxLength={PRODUCT_IMAGE_ALT_MAX_LENGTH}
        defaultValue={defaultValue}
        placeholder="例：白いエプロンを着た正面の写真"
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="field"
      />
      {hint ? (
        <p id={`${id}-hint`} className="m-0 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Which variation a photo shows (its picture follows the variation chosen on the product page); none for a product without variations. */
function VariationField({ id, page, defaultValue }: { id: string; page: ProductPhotosPageData; defaultValue: number | null }) {
  if (page.variations.length === 0) return null;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        対象
      </label>
      <select id={id} name="variationId" defaultValue={defaultValue == null ? "" : String(defaultValue)} className="field">
        <option value="">商品全体</option>
        {page.variations.map((variation) => (
          <option key={variation.id} value={variation.id}>
            {variation.title}（{variation.sku}）
          </option>
        ))}
      </select>
    </div>
  );
}

/** One button that posts `intent` for the photo. */
function PhotoButton({ photo, intent, label, disabled = false }: { photo: ProductPhotoView; intent: string; label: string; disabled?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="mediaId" value={photo.id} />
      <button type="submit" name="intent" value={intent} className="btn-secondary px-3 py-1" disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

function PhotoRow({
  photo,
  index,
  count,
  page,
  error,
}: {
  photo: ProductPhotoView;
  index: number;
  count: number;
  page: ProductPhotosPageData;
  error: ProductPhotosActionData | null;
}) {
  const formId = useId();
  const label = `画像${index + 1}`;
  return (
    <li className="card grid gap-3 p-3 sm:grid-cols-[auto_1fr]" data-testid="product-photo" aria-label={label}>
      <div className="grid content-start justify-items-center gap-1">
        <a href={photo.zoom} target="_blank" rel="noopener noreferrer" aria-label={`${label}を拡大表示`}>
          <img
            src={photo.thumbnail}
            alt={photo.alt}
            width={THUMBNAIL}
            height={THUMBNAIL}
            loading="lazy"
            className="block h-30 w-30 rounded bg-gray-100 object-contain"
          />
        </a>
        {index === 0 ? <span className="badge bg-brand text-white">メイン画像</span> : null}
      </div>
      <div className="grid content-start gap-2">
        <Form method="post" preventScrollReset className="grid gap-2">
          <input type="hidden" name="mediaId" value={photo.id} />
          <AltField id={`${formId}-alt`} defaultValue={error?.field === "alt" ? error.alt : photo.alt} invalid={error?.field === "alt"} />
          <VariationField id={`${formId}-variation`} page={page} defaultValue={photo.variationId} />
          <div>
            <button type="submit" name="intent" value="describe" className="btn-secondary px-3 py-1">
              説明を保存
            </button>
          </div>
        </Form>
        {error ? (
          <p role="alert" className="field-error m-0">
            {error.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <PhotoButton photo={photo} intent="up" label="上へ" disabled={index === 0} />
          <PhotoButton photo={photo} intent="down" label="下へ" disabled={index === count - 1} />
          <PhotoButton photo={photo} intent="main" label="メインにする" disabled={index === 0} />
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer">画像を差し替える・削除する</summary>
          <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-2 flex flex-wrap items-center gap-2">
            <input type="hidden" name="mediaId" value={photo.id} />
            <label htmlFor={`${formId}-file`} className="sr-only">
              {label}の新しい画像ファイル
            </label>
            <input id={`${formId}-file`} type="file" name="file" accept={PHOTO_ACCEPT} required className="max-w-full text-sm" />
            <button type="submit" name="intent" value="replace" className="btn-secondary px-3 py-1">
              差し替える
            </button>
          </Form>
          <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-center gap-2">
            <input type="hidden" name="mediaId" value={photo.id} />
            <span>この画像を削除しますか？</span>
            <button type="submit" name="intent" value="delete" className="btn px-3 py-1 bg-red-700 text-white">
              削除する
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}
