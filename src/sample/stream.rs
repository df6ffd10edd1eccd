//! `ropkit sample` on a file of any size: the points file is read a chunk
//! at a time and parsed on every core, the points go to the GPU in large
//! draws (two in flight, through [`super::Sampler`]), and the values are
//! formatted on every core and written in large blocks, so that memory
//! stays bounded and no system call is made per point.

use super::points::{PointsError, parse_lines};
use super::{SampleError, Sampler};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

/// Bytes of the points file read at a time; a line may not be longer.
const CHUNK_BYTES: usize = 4 << 20;

/// Why streaming stopped.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error("{}: {message}", file.display())]
    Read {
        file: std::path::PathBuf,
        message: String,
    },
    #[error(transparent)]
    Points(#[from] PointsError),
    #[error(transparent)]
    Sample(#[from] SampleError),
    #[error("cannot write the values: {0}")]
    Write(std::io::Error),
}

/// Seconds spent in each stage, and the points sampled.
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamTimes {
    pub read: f64,
    pub parse: f64,
    pub gpu_wait: f64,
    pub write: f64,
    pub points: u64,
}

/// Samples every point of `file` (at most `limit` bytes) and writes one
/// line per point, `value material`, to `out`.
pub fn sample_file(
    sampler: &mut Sampler,
    file: &Path,
    limit: u64,
    out: &mut dyn Write,
) -> Result<StreamTimes, StreamError> {
    let read_err = |message: String| StreamError::Read {
        file: file.to_path_buf(),
        message,
    };
    // Checked before opening: a FIFO would block, a device never end.
    let meta = std::fs::metadata(file).map_err(|e| read_err(e.to_string()))?;
    if !meta.is_file() {
        return Err(read_err("not a regular file".into()));
    }
    if meta.len() > limit {
        return Err(read_err(format!(
            "larger than the limit of {}",
            crate::files::human_size(limit)
        )));
    }
    let mut reader = std::fs::File::open(file)
        .map_err(|e| read_err(e.to_string()))?
        .take(limit + 1);
    let mut times = StreamTimes::default();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK_BYTES);
    let mut total_read = 0u64;
    let mut line = 1u64;
    let mut ended = false;
    // Points parsed and waiting for the GPU; draws in flight (their sizes).
    let mut ready: VecDeque<[f32; 3]> = VecDeque::new();
    let mut in_flight: VecDeque<usize> = VecDeque::new();
    let mut values: Vec<[f32; 4]> = Vec::new();
    let batch = Sampler::batch_points();
    loop {
        // Keep the GPU busy: submit while a slot is free and points wait.
        while sampler.can_submit() && (ready.len() >= batch || (ended && !ready.is_empty())) {
            let n = batch.min(ready.len());
            let pts: Vec<[f32; 3]> = ready.drain(..n).collect();
            sampler.submit(&pts)?;
            in_flight.push_back(n);
        }
        // CPU work while it runs: read and parse the next chunk.
        if !ended && ready.len() < 2 * batch {
            let t = Instant::now();
            let start = buf.len();
            buf.resize(CHUNK_BYTES, 0);
            let mut filled = start;
            while filled < buf.len() {
                let n = reader
                    .read(&mut buf[filled..])
                    .map_err(|e| read_err(e.to_string()))?;
                if n == 0 {
                    break;
                }
                filled += n;
            }
            buf.truncate(filled);
            total_read += (filled - start) as u64;
            if total_read > limit {
                return Err(read_err(format!(
                    "larger than the limit of {}",
                    crate::files::human_size(limit)
                )));
            }
            let at_end = filled < CHUNK_BYTES;
            // Whole lines only; the rest waits for the next chunk.
            let cut = if at_end {
                buf.len()
            } else {
                match buf.iter().rposition(|&b| b == b'\n') {
                    Some(k) => k + 1,
                    None => {
                        return Err(StreamError::Points(PointsError {
                            file: file.display().to_string(),
                            line,
                            message: format!(
                                "a line longer than {}",
                                crate::files::human_size(CHUNK_BYTES as u64)
                            ),
                        }));
                    }
                }
            };
            times.read += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let mut pts = Vec::new();
            parse_lines(&buf[..cut], line, file, &mut pts)?;
            line += buf[..cut].iter().filter(|&&b| b == b'\n').count() as u64;
            buf.drain(..cut);
            ready.extend(pts);
            ended = at_end;
            times.parse += t.elapsed().as_secs_f64();
            continue;
        }
        let Some(n) = in_flight.pop_front() else {
            if ended && ready.is_empty() {
                break;
            }
            continue;
        };
        let t = Instant::now();
        values.clear();
        sampler.collect(&mut values)?;
        debug_assert_eq!(values.len(), n);
        times.gpu_wait += t.elapsed().as_secs_f64();
        // Submit the next draw before formatting this one's values.
        if sampler.can_submit() && (ready.len() >= batch || (ended && !ready.is_empty())) {
            let k = batch.min(ready.len());
            let pts: Vec<[f32; 3]> = ready.drain(..k).collect();
            sampler.submit(&pts)?;
            in_flight.push_back(k);
        }
        let t = Instant::now();
        write_values(&values, out).map_err(StreamError::Write)?;
        times.write += t.elapsed().as_secs_f64();
        times.points += n as u64;
    }
    let t = Instant::now();
    out.flush().map_err(StreamError::Write)?;
    times.write += t.elapsed().as_secs_f64();
    Ok(times)
}

/// `value material` lines, formatted on every core, written in one call.
/// The value gets the shortest digits that read back as the same `f32`
/// (zmij; "NaN", "inf" and "-inf" as `Display` writes them), the material
/// its integer (itoa): both about twice as fast as `write!`.
fn write_values(values: &[[f32; 4]], out: &mut dyn Write) -> std::io::Result<()> {
    let parts: Vec<Vec<u8>> = values
        .par_chunks(4096)
        .map(|chunk| {
            let mut s = Vec::with_capacity(chunk.len() * 16);
            let mut float = zmij::Buffer::new();
            let mut int = itoa::Buffer::new();
            for v in chunk {
                s.extend_from_slice(float.format(v[0]).as_bytes());
                s.push(b' ');
                s.extend_from_slice(int.format(v[1] as i32).as_bytes());
                s.push(b'\n');
            }
            s
        })
        .collect();
    for p in parts {
        out.write_all(&p)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written() {
        let values: Vec<[f32; 4]> = [
            0.0f32,
            -0.0,
            1.0,
            -1.5,
            0.1,
            1e-7,
            3.4028235e38,
            1.4e-45,
            123456.79,
            -0.00025,
        ]
        .iter()
        .enumerate()
        .map(|(i, &x)| [x, i as f32, 0.0, 0.0])
        .chain([
            [f32::NAN, -3.0, 0.0, 0.0],
            [f32::INFINITY, 2.0, 0.0, 0.0],
            [f32::NEG_INFINITY, 7.0, 0.0, 0.0],
        ])
        .collect();
        let mut out = Vec::new();
        write_values(&values, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), values.len());
        for (line, v) in lines.iter().zip(&values) {
            let (value, material) = line.split_once(' ').unwrap();
            let x: f32 = value.parse().unwrap();
            assert!(
                x.to_bits() == v[0].to_bits() || (x.is_nan() && v[0].is_nan()),
                "{line} for {}",
                v[0]
            );
            assert_eq!(material.parse::<i32>().unwrap(), v[1] as i32, "{line}");
        }
        // Special values are spelled as `Display` spells them.
        assert!(text.contains("NaN -3\ninf 2\n-inf 7\n"), "{text}");
    }
}
