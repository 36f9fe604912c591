import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { DataSource } from 'typeorm';
import { API_PREFIX, ContentFormat, ContentType, formatMoney, toMinor } from '@hearth/shared';
import type { Env } from '../../config/env.js';

/** An item as an ITEM_DETAILS message shows it (and the admin's item picker lists it). */
export interface BulkItem {
  id: string;
  name: string;
  kitchenName: string;
  price: number;
  currencyCode: string;
  pictureUrl: string | null;
}

/** What an author may put in a bulk e-mail: text formatting, links, pictures, simple tables. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The plain text of sanitised HTML: paragraphs and list items on their own lines, links as "text (url)". */
export function htmlToText(html: string): string {
  return sanitizeHtml(
    html
      .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, t: string) =>
        t.replace(/<[^>]+>/g, '') === href ? href : `${t} (${href})`,
      )
      .replace(/<li[^>]*>/gi, '\n- ')
      .replace(/<(br|\/p|\/h[1-6]|\/div|\/tr|\/blockquote|hr)[^>]*>/gi, '$&\n'),
    { allowedTags: [], allowedAttributes: {} },
  )
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The body of a bulk message as it is sent: the author's Markdown (marked) or HTML, always sanitised
 * (sanitize-html, an allow-list), laid out by its template type, with a plain-text alternative. Rendered
 * once when the message is written; the per-recipient unsubscribe footer is added at send time.
 */
@Injectable()
export class BulkContentService {
  private readonly webOrigin: string;
  private readonly marked = new Marked({ gfm: true, breaks: true });

  constructor(
    config: ConfigService<Env, true>,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.webOrigin = config.get('WEB_ORIGIN', { infer: true }).replace(/\/$/, '');
  }

  async render(input: {
    subject: string;
    content: string;
    contentFormat: ContentFormat;
    templateType: ContentType | null;
    itemIds: string[];
  }): Promise<{ html: string; text: string }> {
    const source =
      input.contentFormat === ContentFormat.HTML
        ? input.content
        : await this.marked.parse(input.content, { async: true });
    const body = sanitizeHtml(source, SANITIZE);
    let html: string;
    if (input.templateType === ContentType.HEALTH_TIP) {
      html =
        `<div class="health-tip" style="border:1px solid #cfe3cf;border-radius:8px;padding:16px;background:#f4faf4">` +
        `<h2 style="margin-top:0;color:#2f6b2f">Health tip: ${escape(input.subject)}</h2>${body}</div>`;
    } else if (input.templateType === ContentType.ITEM_DETAILS) {
      const items = await this.items(input.itemIds);
      html = `${body}<table class="items" style="border-collapse:collapse;width:100%">${items
        .map((i) => this.itemRow(i))
        .join('')}</table>`;
    } else {
      html = body;
    }
    return { html, text: htmlToText(html) };
  }

  /** An item's page on the web. */
  itemUrl(id: string): string {
    return `${this.webOrigin}/items/${id}`;
  }

  private itemRow(i: BulkItem): string {
    const price = formatMoney(toMinor(i.price, i.currencyCode), i.currencyCode);
    const picture = i.pictureUrl
      ? `<td style="padding:8px;width:120px"><a href="${escape(this.itemUrl(i.id))}"><img src="${escape(i.pictureUrl)}" alt="${escape(i.name)}" width="120"></a></td>`
      : '<td></td>';
    return (
      `<tr>${picture}<td style="padding:8px"><a href="${escape(this.itemUrl(i.id))}"><strong>${escape(i.name)}</strong></a>` +
      `<br>${escape(i.kitchenName)}<br>${escape(price)}</td></tr>`
    );
  }

  /** The items of these ids that exist and are not deleted, in the order given. */
  async items(ids: readonly string[]): Promise<BulkItem[]> {
    if (!ids.length) return [];
    const rows = await this.query(`i.id = ANY($1)`, [ids], ids.length);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** The item picker: items found by part of their name or their kitchen's, or by id (at most 20). */
  async search(query: string | undefined): Promise<BulkItem[]> {
    const q = (query ?? '').trim();
    if (/^[0-9a-f-]{36}$/i.test(q)) return this.query(`i.id = $1::uuid`, [q], 20);
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    return this.query(`(i.name ILIKE $1 OR p.kitchen_name ILIKE $1)`, [like], 20);
  }

  private async query(where: string, params: unknown[], limit: number): Promise<BulkItem[]> {
    const rows: Array<{
      id: string;
      name: string;
      kitchen_name: string;
      price: string | null;
      currency_code: string;
      picture: string | null;
    }> = await this.db.query(
      `SELECT i.id, i.name, p.kitchen_name, p.currency_code,
              (SELECT o.chef_price FROM item_pricing_option o WHERE o.item_id = i.id
               ORDER BY o.position, o.chef_price LIMIT 1) AS price,
              CASE WHEN i.block_image THEN NULL ELSE i.pictures[1] END AS picture
       FROM item i JOIN publisher p ON p.id = i.publisher_id
       WHERE i.item_status <> 'DELETED' AND ${where}
       ORDER BY i.name, i.id LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      kitchenName: r.kitchen_name,
      price: Number(r.price ?? 0),
      currencyCode: r.currency_code,
      pictureUrl: r.picture
        ? /^https?:/.test(r.picture)
          ? r.picture
          : `${this.webOrigin}${API_PREFIX}/files/${r.picture.replace(/^\//, '')}`
        : null,
    }));
  }
}
