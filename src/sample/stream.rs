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
    /// Handing draws to the GPU (a software GPU may run a draw right there).
    pub submit: f64,
    pub gpu_wait: f64,
    pub write: f64,
    pub points: u64,
    /// GPU draws made.
    pub draws: u64,
}

/// GPU time one draw aims at: short enough that a stop between draws comes
/// soon and that a timeout names the draw that ran over, long enough that
/// a fast scene's points go in large draws.
const DRAW_SECONDS: f64 = 0.25;
/// Points of the first draw, before the scene's cost is known.
const FIRST_DRAW: usize = 1024;

/// What [`sample_file`] tells its caller about the GPU, so that a watchdog
/// can time each draw.
pub enum GpuStep {
    /// Draws are in flight; the oldest (points `first..last` of the file,
    /// 1-based) should finish within the timeout from now.
    Waiting { first: u64, last: u64 },
    /// Nothing is in flight.
    Idle,
}

/// Samples every point of `file` (at most `limit` bytes) and writes one
/// line per point, `value material`, to `out`. The points go to the GPU in
/// draws sized to take about [`DRAW_SECONDS`] each (the first small, the
/// next from the cost of the last); `watch` is told whenever the draw
/// waited for changes.
pub fn sample_file(
    sampler: &mut Sampler,
    file: &Path,
    limit: u64,
    out: &mut dyn Write,
    watch: &mut dyn FnMut(GpuStep),
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
    // Whether the file has given a point yet (only then is it quoted).
    let mut seen = false;
    let mut ended = false;
    // Points parsed and waiting for the GPU; draws in flight (their sizes).
    let mut ready: VecDeque<[f32; 3]> = VecDeque::new();
    let mut in_flight: VecDeque<usize> = VecDeque::new();
    let mut values: Vec<[f32; 4]> = Vec::new();
    let most = Sampler::batch_points();
    let mut batch = FIRST_DRAW.min(most);
    // Points submitted so far, and collected so far.
    let mut submitted = 0u64;
    // When the oldest draw in flight started to count: its submission, or
    // the end of the draw before it.
    let mut since = Instant::now();
    let mut collected = 0u64;
    loop {
        // Keep the GPU busy: submit while a slot is free and points wait.
        while sampler.can_submit() && (ready.len() >= batch || (ended && !ready.is_empty())) {
            if in_flight.is_empty() {
                since = Instant::now();
            }
            submit(
                sampler,
                &mut ready,
                &mut in_flight,
                &mut times,
                batch,
                &mut submitted,
                watch,
            )?;
        }
        // CPU work while it runs: read and parse the next chunk.
        if !ended && ready.len() < 2 * most {
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
                            col: 1,
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
            parse_lines(&buf[..cut], line, file, &mut seen, &mut pts)?;
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
        collected += n as u64;
        // The next draw sized from this one's cost (at most four times the
        // last, so that one fast draw cannot make the next a long one).
        let took = since.elapsed().as_secs_f64().max(1e-6);
        since = Instant::now();
        let per_point = took / n as f64;
        batch = ((DRAW_SECONDS / per_point) as usize).clamp(1, (4 * n).min(most));
        match in_flight.front() {
            Some(&next) => watch(GpuStep::Waiting {
                first: collected + 1,
                last: collected + next as u64,
            }),
            None => watch(GpuStep::Idle),
        }
        // Submit the next draw before formatting this one's values.
        if sampler.can_submit() && (ready.len() >= batch || (ended && !ready.is_empty())) {
            if in_flight.is_empty() {
                since = Instant::now();
            }
            submit(
                sampler,
                &mut ready,
                &mut in_flight,
                &mut times,
                batch,
                &mut submitted,
                watch,
            )?;
        }
        let t = Instant::now();
        write_values(&values, out).map_err(StreamError::Write)?;
        times.write += t.elapsed().as_secs_f64();
        times.points += n as u64;
    }
    watch(GpuStep::Idle);
    let t = Instant::now();
    out.flush().map_err(StreamError::Write)?;
    times.write += t.elapsed().as_secs_f64();
    Ok(times)
}

/// Submits a draw of the next `batch` points that wait (or fewer), telling
/// `watch` when it is the only one in flight.
fn submit(
    sampler: &mut Sampler,
    ready: &mut VecDeque<[f32; 3]>,
    in_flight: &mut VecDeque<usize>,
    times: &mut StreamTimes,
    batch: usize,
    submitted: &mut u64,
    watch: &mut dyn FnMut(GpuStep),
) -> Result<(), StreamError> {
    let n = batch.min(ready.len());
    let pts: Vec<[f32; 3]> = ready.drain(..n).collect();
    if in_flight.is_empty() {
        watch(GpuStep::Waiting {
            first: *submitted + 1,
            last: *submitted + n as u64,
        });
    }
    let t = Instant::now();
    sampler.submit(&pts)?;
    times.submit += t.elapsed().as_secs_f64();
    times.draws += 1;
    *submitted += n as u64;
    in_flight.push_back(n);
    Ok(())
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
