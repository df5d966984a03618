/** The part of pdfkit (no types of its own) that server/reports/pdf.ts uses. */
declare module "pdfkit" {
  interface TextOptions {
    width?: number;
    height?: number;
    align?: "left" | "center" | "right" | "justify";
    continued?: boolean;
    lineBreak?: boolean;
    lineGap?: number;
    ellipsis?: boolean | string;
  }
  interface PageInfo {
    width: number;
    height: number;
    margins: { top: number; bottom: number; left: number; right: number };
  }
  class PDFDocument {
    constructor(options?: {
      size?: string | [number, number];
      margin?: number;
      margins?: { top: number; bottom: number; left: number; right: number };
      bufferPages?: boolean;
      autoFirstPage?: boolean;
      info?: Record<string, string | Date>;
      compress?: boolean;
    });
    page: PageInfo;
    x: number;
    y: number;
    on(event: "data", fn: (chunk: Uint8Array) => void): this;
    on(event: "end", fn: () => void): this;
    on(event: "error", fn: (err: unknown) => void): this;
    registerFont(name: string, src: string | Uint8Array): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string, opacity?: number): this;
    strokeColor(color: string, opacity?: number): this;
    lineWidth(w: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    heightOfString(text: string, options?: TextOptions): number;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    roundedRect(x: number, y: number, w: number, h: number, r: number): this;
    circle(x: number, y: number, r: number): this;
    dash(length: number, options?: { space?: number }): this;
    undash(): this;
    stroke(color?: string): this;
    fill(color?: string): this;
    fillAndStroke(fill?: string, stroke?: string): this;
    save(): this;
    restore(): this;
    addPage(): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    end(): void;
  }
  export default PDFDocument;
}
