//! Whether a thumbnail shows its ROP at work, judged as a user looks at the
//! page: not a flat colour, not the same picture as the ROP's scene
//! without it ([`super::scene::plain_scene`]), not the same picture as
//! another ROP's. A ROP whose `gallery: { plain: ... }` says why is left
//! alone.

use crate::library::RopDef;
use image::RgbaImage;

/// Below this luminance spread (0..255) a thumbnail is flat.
pub const FLAT_SPREAD: f64 = 2.0;
/// Channel difference (of 255) above which two pixels are apart.
const APART: u8 = 4;

/// Standard deviation of the luminance, 0..255: near zero for a flat picture.
pub fn spread(img: &RgbaImage) -> f64 {
    let lum: Vec<f64> = img
        .pixels()
        .map(|p| 0.3 * p[0] as f64 + 0.59 * p[1] as f64 + 0.11 * p[2] as f64)
        .collect();
    let mean = lum.iter().sum::<f64>() / lum.len().max(1) as f64;
    (lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len().max(1) as f64).sqrt()
}

/// Pixels where two pictures differ by more than 4/255 in some channel
/// (all of them when the sizes differ).
pub fn pixels_apart(a: &RgbaImage, b: &RgbaImage) -> usize {
    if a.dimensions() != b.dimensions() {
        return (a.width() * a.height()).max(b.width() * b.height()) as usize;
    }
    a.pixels()
        .zip(b.pixels())
        .filter(|(p, q)| {
            p.0.iter()
                .zip(q.0.iter())
                .any(|(x, y)| x.abs_diff(*y) > APART)
        })
        .count()
}

/// Two pictures look the same: under 1% of their pixels apart.
pub fn look_the_same(a: &RgbaImage, b: &RgbaImage) -> bool {
    pixels_apart(a, b) * 100 < (a.width() * a.height()) as usize
}

fn mean(img: &RgbaImage) -> [f64; 3] {
    let mut m = [0.0; 3];
    for p in img.pixels() {
        for c in 0..3 {
            m[c] += p[c] as f64;
        }
    }
    let n = (img.width() * img.height()).max(1) as f64;
    m.map(|x| x / n)
}

/// One thumbnail's problem, by ROP name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub rop: String,
    pub message: String,
}

/// What is wrong with each ROP's thumbnail (`thumbs[i]` for `rops[i]`,
/// `None` where it could not be drawn; `plains[i]` its scene without it,
/// where there is one).
pub fn problems(
    rops: &[&RopDef],
    thumbs: &[Option<&RgbaImage>],
    plains: &[Option<&RgbaImage>],
) -> Vec<Problem> {
    let means: Vec<Option<[f64; 3]>> = thumbs.iter().map(|t| t.map(mean)).collect();
    let mut out = Vec::new();
    for (k, def) in rops.iter().enumerate() {
        let Some(img) = thumbs[k] else { continue };
        if def.gallery.as_ref().is_some_and(|g| g.plain.is_some()) {
            continue;
        }
        let mut say = |message: String| {
            out.push(Problem {
                rop: def.name.clone(),
                message,
            })
        };
        let s = spread(img);
        if s < FLAT_SPREAD {
            say(format!("a flat thumbnail (luminance spread {s:.2} of 255)"));
            continue;
        }
        if let Some(p) = plains[k].filter(|p| look_the_same(img, p)) {
            say(format!(
                "the same picture as its scene without it ({} pixels apart)",
                pixels_apart(img, p)
            ));
            continue;
        }
        // Pictures whose mean colours are far apart cannot look the same:
        // only the near ones are compared pixel by pixel.
        let m = means[k].expect("drawn");
        let twins: Vec<&str> = rops
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .filter(|&(j, _)| {
                means[j].is_some_and(|n| (0..3).all(|c| (m[c] - n[c]).abs() < 3.0))
                    && thumbs[j].is_some_and(|o| look_the_same(img, o))
            })
            .map(|(_, d)| d.name.as_str())
            .collect();
        if !twins.is_empty() {
            say(format!("the same picture as {}'s", twins.join(", ")));
        }
    }
    out
}
