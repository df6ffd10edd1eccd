//! The vertex element of a PLY file (ASCII or binary little-endian), read
//! under the point limit: the header's counts are checked before any
//! vertex is, and nothing is allocated from them.

use super::points::{Column, Point, PointList, PointsError, column, fail, finite, set};

/// A scalar property type and its size in bytes (also the component
/// types of the mesh readers, `decode/meshes.rs`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Scalar {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    F32,
    F64,
}

impl Scalar {
    pub(crate) fn parse(name: &str) -> Option<Scalar> {
        Some(match name {
            "char" | "int8" => Scalar::I8,
            "uchar" | "uint8" => Scalar::U8,
            "short" | "int16" => Scalar::I16,
            "ushort" | "uint16" => Scalar::U16,
            "int" | "int32" => Scalar::I32,
            "uint" | "uint32" => Scalar::U32,
            "float" | "float32" => Scalar::F32,
            "double" | "float64" => Scalar::F64,
            _ => return None,
        })
    }
    pub(crate) fn size(self) -> usize {
        match self {
            Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::F64 => 8,
        }
    }
    /// The value at the start of `b`, in either byte order.
    pub(crate) fn read(self, b: &[u8], big_endian: bool) -> f64 {
        if !big_endian {
            return self.read_le(b);
        }
        let mut a = [0u8; 8];
        let n = self.size();
        a[..n].copy_from_slice(&b[..n]);
        a[..n].reverse();
        self.read_le(&a)
    }
    pub(crate) fn read_le(self, b: &[u8]) -> f64 {
        let a = |n: usize| -> [u8; 8] {
            let mut x = [0u8; 8];
            x[..n].copy_from_slice(&b[..n]);
            x
        };
        match self {
            Scalar::I8 => b[0] as i8 as f64,
            Scalar::U8 => b[0] as f64,
            Scalar::I16 => i16::from_le_bytes([b[0], b[1]]) as f64,
            Scalar::U16 => u16::from_le_bytes([b[0], b[1]]) as f64,
            Scalar::I32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Scalar::U32 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Scalar::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Scalar::F64 => f64::from_le_bytes(a(8)),
        }
    }
}

#[derive(Debug, PartialEq)]
enum Format {
    Ascii,
    BinaryLe,
}

/// The header: the format, the vertex count, the vertex properties, and
/// the elements before the vertices (which must be skipped).
struct Header {
    format: Format,
    vertices: usize,
    props: Vec<(Column, Scalar)>,
    body_line: usize,
    body_offset: usize,
}

fn header(bytes: &[u8]) -> Result<Header, PointsError> {
    if !bytes.starts_with(b"ply") {
        return fail(1, "not a PLY file (it does not start with `ply`)");
    }
    let end = bytes
        .windows(10)
        .position(|w| w == b"end_header")
        .ok_or(PointsError {
            line: 1,
            message: "no `end_header` line".into(),
        })?;
    let head = std::str::from_utf8(&bytes[..end]).map_err(|_| PointsError {
        line: 1,
        message: "the header is not text".into(),
    })?;
    let mut body_offset = end + 10;
    if bytes.get(body_offset) == Some(&b'\r') {
        body_offset += 1;
    }
    if bytes.get(body_offset) == Some(&b'\n') {
        body_offset += 1;
    }
    let mut format = None;
    let mut vertices = None;
    let mut props = Vec::new();
    let mut in_vertex = false;
    let mut seen_element = false;
    for (i, line) in head.lines().enumerate() {
        let n = i + 1;
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["format", "ascii", _] => format = Some(Format::Ascii),
            ["format", "binary_little_endian", _] => format = Some(Format::BinaryLe),
            ["format", other, ..] => {
                return fail(
                    n,
                    format!(
                        "PLY format '{}' is not read (ascii or binary_little_endian)",
                        crate::limits::echo(other)
                    ),
                );
            }
            ["element", name, count] => {
                let count: usize = count.parse().map_err(|_| PointsError {
                    line: n,
                    message: "the element count is not a number".into(),
                })?;
                if *name == "vertex" {
                    if seen_element {
                        return fail(n, "the vertex element must come first");
                    }
                    if count > crate::limits::DATA_POINTS {
                        return fail(
                            n,
                            format!(
                                "{count} vertices: more than {} points (DATA_POINTS)",
                                crate::limits::DATA_POINTS
                            ),
                        );
                    }
                    vertices = Some(count);
                    in_vertex = true;
                } else {
                    in_vertex = false;
                }
                seen_element = true;
            }
            ["property", "list", ..] if in_vertex => {
                return fail(n, "a list property on vertices is not read");
            }
            ["property", ty, name] if in_vertex => {
                let Some(s) = Scalar::parse(ty) else {
                    return fail(
                        n,
                        format!("unknown property type '{}'", crate::limits::echo(ty)),
                    );
                };
                let col = match column(name) {
                    Column::Color(k) if s == Scalar::U8 => Column::ColorByte(k),
                    c => c,
                };
                props.push((col, s));
            }
            _ => {}
        }
    }
    let format = format.ok_or(PointsError {
        line: 2,
        message: "no `format` line".into(),
    })?;
    let vertices = vertices.ok_or(PointsError {
        line: 1,
        message: "no `element vertex`".into(),
    })?;
    if !props.iter().any(|(c, _)| *c == Column::Pos(0))
        || !props.iter().any(|(c, _)| *c == Column::Pos(1))
    {
        return fail(1, "the vertices have no x and y properties");
    }
    Ok(Header {
        format,
        vertices,
        props,
        body_line: head.lines().count() + 2,
        body_offset,
    })
}

pub(super) fn read(bytes: &[u8]) -> Result<PointList, PointsError> {
    let h = header(bytes)?;
    let body = &bytes[h.body_offset.min(bytes.len())..];
    let mut list = PointList::default();
    match h.format {
        Format::Ascii => {
            let text = std::str::from_utf8(body).map_err(|_| PointsError {
                line: h.body_line,
                message: "an ASCII PLY body that is not text".into(),
            })?;
            let mut lines = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty());
            for _ in 0..h.vertices {
                let Some((i, line)) = lines.next() else {
                    return fail(
                        h.body_line,
                        format!("the file ends before its {} vertices", h.vertices),
                    );
                };
                let n = h.body_line + i;
                let mut p = Point::default();
                let mut words = line.split_whitespace();
                for (col, _) in &h.props {
                    let Some(Ok(v)) = words.next().map(str::parse::<f64>) else {
                        return fail(n, "a vertex has too few or non-numeric values");
                    };
                    set(&mut p, *col, finite(v, n)?);
                }
                list.push(p, n)?;
            }
        }
        Format::BinaryLe => {
            let stride: usize = h.props.iter().map(|(_, s)| s.size()).sum();
            if body.len() / stride.max(1) < h.vertices {
                return fail(
                    h.body_line,
                    format!("the file ends before its {} vertices", h.vertices),
                );
            }
            for (i, chunk) in body.chunks_exact(stride).take(h.vertices).enumerate() {
                let mut p = Point::default();
                let mut at = 0;
                for (col, s) in &h.props {
                    let v = s.read_le(&chunk[at..at + s.size()]);
                    at += s.size();
                    set(&mut p, *col, finite(v, i + 1)?);
                }
                list.push(p, h.body_line)?;
            }
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_binary_agree() {
        let ascii = b"ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n1 2 3 255 0 51\n-1 0.5 2 0 255 0\n";
        let a = read(ascii).unwrap();
        assert_eq!(a.points.len(), 2);
        assert_eq!(a.points[0].color, [1.0, 0.0, 0.2]);
        let mut bin = b"ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n".to_vec();
        for (p, c) in [
            ([1f32, 2.0, 3.0], [255u8, 0, 51]),
            ([-1.0, 0.5, 2.0], [0, 255, 0]),
        ] {
            for v in p {
                bin.extend(v.to_le_bytes());
            }
            bin.extend(c);
        }
        assert_eq!(read(&bin).unwrap(), a);
    }

    #[test]
    fn hostile_headers_are_refused_before_reading() {
        let huge = b"ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nend_header\n";
        assert!(read(huge).unwrap_err().message.contains("DATA_POINTS"));
        let short = b"ply\nformat binary_little_endian 1.0\nelement vertex 10\nproperty float x\nproperty float y\nend_header\n\0\0\0\0";
        assert!(read(short).unwrap_err().message.contains("ends before"));
        assert!(read(b"ply\nformat binary_big_endian 1.0\nend_header\n").is_err());
        assert!(read(b"not a ply").is_err());
        let no_xy = b"ply\nformat ascii 1.0\nelement vertex 1\nproperty float q\nend_header\n1\n";
        assert!(read(no_xy).is_err());
    }
}
