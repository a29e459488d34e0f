import { Form, useNavigation } from "@remix-run/react";
import { CATALOGUE_IMPORT_LIMITS, LIST_SEPARATOR } from "~/core/catalogue/catalogue-csv-pages";
import type { CatalogueCsvPaths } from "~/web/types/catalogue-csv";

/**
 * The catalogue CSV's upload page (staff's and a merchant's): download the products as CSV, edit them in a
 * spreadsheet, upload the file — which is only checked (a dry run) until its report is applied.
 */
export function CatalogueImportUpload({ paths, scopeLabel, error }: { paths: CatalogueCsvPaths; scopeLabel: string; error: string | null }) {
  const navigation = useNavigation();
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">商品CSVの書き出し・取り込み</h1>
      <section className="card grid gap-2 p-3" aria-labelledby="catalogue-export-heading">
        <h2 id="catalogue-export-heading" className="m-0 text-base">
          商品CSVの書き出し
        </h2>
        <p className="m-0 text-sm">
          {scopeLabel}
          を、表計算ソフトでそのまま開けるCSV（UTF-8・BOM付き）でダウンロードします。1行が1商品で、バリエーションはその商品の下に「親SKU」を書いた行で並びます。
        </p>
        <p className="m-0">
          <a href={`${paths.listing}.csv`} className="btn-secondary no-underline" data-testid="catalogue-export" download>
            商品CSVをダウンロード
          </a>
        </p>
      </section>
      <Form method="post" encType="multipart/form-data" className="card grid gap-3 p-3" aria-labelledby="catalogue-import-heading">
        <h2 id="catalogue-import-heading" className="m-0 text-base">
          商品CSVの取り込み
        </h2>
        <ul className="m-0 grid gap-1 pl-5 text-sm">
          <li>SKUで商品・バリエーションを探し、あれば更新、なければ新しく登録します。</li>
          <li>まず内容を確認するだけで、まだ何も変わりません。確認結果を見てから反映します。</li>
          <li>
            文字コードはUTF-8（BOM付き・なし）とShift_JISのどちらでも構いません（{CATALOGUE_IMPORT_LIMITS.maxRows.toLocaleString("ja-JP")}
            行・{CATALOGUE_IMPORT_LIMITS.maxBytes / 1024 / 1024}MBまで）。
          </li>
          <li>1行目の見出しは書き出したCSVのままにしてください。ない列はそのままになり、空欄は空に（または規定値に）なります。</li>
          <li>
            カテゴリ・特徴・タグは「{LIST_SEPARATOR}」で区切って書きます（例：food{LIST_SEPARATOR}gift）。
          </li>
        </ul>
        <label className="grid gap-1 text-sm">
          CSVファイル
          <input type="file" name="file" accept=".csv,text/csv" required className="field" data-testid="catalogue-file" />
        </label>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          内容を確認する
        </button>
      </Form>
      {error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="catalogue-import-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
