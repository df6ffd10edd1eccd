//! The gallery's HTML page and the placeholder picture of a ROP whose
//! thumbnail failed.

use super::Report;

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A grey square with a dark cross: "no picture".
pub fn placeholder(size: u32) -> image::RgbaImage {
    let s = size.max(1);
    image::RgbaImage::from_fn(s, s, |x, y| {
        let (x, y, s) = (x as i64, y as i64, s as i64);
        let on_cross = (x - y).abs() <= 1 || (x + y - (s - 1)).abs() <= 1;
        if on_cross {
            image::Rgba([110, 60, 60, 255])
        } else {
            image::Rgba([58, 60, 66, 255])
        }
    })
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;background:#16181d;color:#ddd;margin:1.5em}\
a{color:#8cf}h2{border-bottom:1px solid #444;padding-bottom:.2em;margin-top:1.6em}\
.grid{display:flex;flex-wrap:wrap;gap:14px}\
figure{margin:0;width:210px;background:#20232a;border-radius:6px;padding:8px}\
figure img{display:block;margin:0 auto;image-rendering:auto;border-radius:3px}\
figcaption{font-size:12px;line-height:1.35;margin-top:6px}\
figcaption b{font-size:14px;color:#fff}.view,.raytk{color:#999}\
.desc{max-height:6.8em;overflow:auto}\
pre.error{white-space:pre-wrap;color:#f99;font-size:11px;max-height:9em;overflow:auto}\
nav a{margin-right:.8em}";

/// The page: every ROP by category, with its picture, description, RayTK
/// names and, for a failed one, its error.
pub fn html(report: &Report) -> String {
    let mut categories: Vec<&str> = report.entries.iter().map(|e| e.category.as_str()).collect();
    categories.dedup();
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<title>ropkit gallery</title>\n");
    out.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
    out.push_str("<h1>ropkit gallery</h1>\n");
    out.push_str(&format!(
        "<p>{} ROPs in {} categories, each in a standard scene for its type, drawn at {}&times;{} on {}{}.</p>\n",
        report.entries.len(),
        categories.len(),
        report.size,
        report.size,
        escape(&report.adapter),
        match report.failed() {
            0 => String::new(),
            n => format!("; {n} could not be drawn (their errors are below their placeholders)"),
        }
    ));
    out.push_str("<nav>");
    for c in &categories {
        out.push_str(&format!("<a href=\"#{0}\">{0}</a>", escape(c)));
    }
    out.push_str("</nav>\n");
    for c in &categories {
        out.push_str(&format!(
            "<h2 id=\"{0}\">{0}</h2>\n<div class=\"grid\">\n",
            escape(c)
        ));
        for e in report.entries.iter().filter(|e| e.category == *c) {
            out.push_str(&format!(
                "<figure id=\"rop-{name}\"><img src=\"{img}\" width=\"{s}\" height=\"{s}\" alt=\"{name}\">\n<figcaption><b>{name}</b>",
                name = escape(&e.name),
                img = escape(&e.image),
                s = report.size.min(192),
            ));
            if let Some(view) = e.view {
                out.push_str(&format!(" <span class=\"view\">{}</span>", view.caption()));
            }
            out.push_str(&format!(
                "<div class=\"desc\">{}</div>",
                escape(&e.description)
            ));
            if !e.raytk.is_empty() {
                out.push_str(&format!(
                    "<div class=\"raytk\">RayTK: {}</div>",
                    escape(&e.raytk.join(", "))
                ));
            }
            if let Some(err) = &e.error {
                out.push_str(&format!("<pre class=\"error\">{}</pre>", escape(err)));
            }
            out.push_str("</figcaption></figure>\n");
        }
        out.push_str("</div>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
