//! Observation images: frames scaled to the observation size and
//! JPEG-encoded.
//!
//! Observations are encoded with the `jpeg-encoder` crate (SIMD where the
//! CPU has AVX2); `image`'s encoder, the one used before, stays as the
//! speed and quality baseline of `mcu dev sim-bench` and the tests.

use std::borrow::Cow;

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use jpeg_encoder::{ColorType, Encoder, SamplingFactor};

use crate::scenario::ObsSize;

/// JPEG quality of observations sent to agents.
pub const OBS_JPEG_QUALITY: u8 = 85;

/// Encodes an RGB frame as JPEG: full-resolution chroma (4:4:4, as
/// `image`'s encoder writes it), baseline, standard tables at `quality`.
/// `swap_red_blue` reproduces the reference green agent's channel swap for
/// agents that expect it.
pub fn encode_jpeg(frame: &RgbImage, quality: u8, swap_red_blue: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(frame.as_raw().len() / 8);
    let mut encoder = Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(SamplingFactor::F_1_1);
    // Reading the RGB bytes as BGR swaps the two channels without a copy.
    let layout = if swap_red_blue {
        ColorType::Bgr
    } else {
        ColorType::Rgb
    };
    let side = |pixels: u32| u16::try_from(pixels).expect("observation sides are at most 4096");
    encoder
        .encode(
            frame.as_raw(),
            side(frame.width()),
            side(frame.height()),
            layout,
        )
        // Encoding an in-memory RGB8 buffer of matching size cannot fail.
        .expect("JPEG encoding of an RGB8 frame");
    out
}

/// The same frame through `image`'s JPEG encoder, the observation encoder
/// before `jpeg-encoder`: the baseline `mcu dev sim-bench` compares with.
pub fn encode_jpeg_with_image_crate(frame: &RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(frame.as_raw().len() / 8);
    JpegEncoder::new_with_quality(&mut out, quality)
        .write_image(
            frame.as_raw(),
            frame.width(),
            frame.height(),
            ExtendedColorType::Rgb8,
        )
        .expect("JPEG encoding of an RGB8 frame");
    out
}

/// `frame` scaled to `size` by averaging the source pixels each output
/// pixel covers (a box filter: fast, and exact for whole-number ratios).
/// Enlarging repeats pixels; a frame already at `size` is borrowed as is.
pub fn downscale(frame: &RgbImage, size: ObsSize) -> Cow<'_, RgbImage> {
    let (src_w, src_h) = frame.dimensions();
    if (src_w, src_h) == (size.width, size.height) {
        return Cow::Borrowed(frame);
    }
    let span = |index: u32, out: u32, src: u32| {
        let start = (u64::from(index) * u64::from(src) / u64::from(out)) as usize;
        let end = (u64::from(index + 1) * u64::from(src)).div_ceil(u64::from(out)) as usize;
        start..end.max(start + 1).min(src as usize)
    };
    let columns: Vec<_> = (0..size.width)
        .map(|x| span(x, size.width, src_w))
        .collect();
    let raw = frame.as_raw();
    let stride = src_w as usize * 3;
    // Per output row: first the byte-wise sums of the source rows it
    // covers (one add per byte, which the compiler vectorises), then the
    // sums of each output pixel's columns in that row.
    let mut column_sums = vec![0u32; stride];
    let mut out = Vec::with_capacity(size.width as usize * size.height as usize * 3);
    for y in 0..size.height {
        let rows = span(y, size.height, src_h);
        column_sums.fill(0);
        for line in raw[rows.start * stride..rows.end * stride].chunks_exact(stride) {
            for (sum, &byte) in column_sums.iter_mut().zip(line) {
                *sum += u32::from(byte);
            }
        }
        for columns in &columns {
            let mut sum = [0u32; 3];
            for pixel in column_sums[columns.start * 3..columns.end * 3].chunks_exact(3) {
                sum[0] += pixel[0];
                sum[1] += pixel[1];
                sum[2] += pixel[2];
            }
            let count = (rows.len() * columns.len()) as u32;
            out.extend(sum.map(|channel| ((channel + count / 2) / count) as u8));
        }
    }
    Cow::Owned(
        RgbImage::from_raw(size.width, size.height, out).expect("the buffer matches the size"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_a_decodable_jpeg_and_swaps_channels_on_request() {
        let frame = RgbImage::from_pixel(32, 16, image::Rgb([250, 10, 10]));
        let jpeg = encode_jpeg(&frame, 90, false);
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
        let decoded = image::load_from_memory(&jpeg).unwrap().to_rgb8();
        assert_eq!(decoded.dimensions(), (32, 16));
        assert!(decoded.get_pixel(5, 5).0[0] > 200);
        let swapped = image::load_from_memory(&encode_jpeg(&frame, 90, true))
            .unwrap()
            .to_rgb8();
        assert!(swapped.get_pixel(5, 5).0[2] > 200 && swapped.get_pixel(5, 5).0[0] < 60);
    }

    /// Mean absolute difference per channel between two same-size images.
    fn mean_error(a: &RgbImage, b: &RgbImage) -> f64 {
        let total: u64 = a
            .as_raw()
            .iter()
            .zip(b.as_raw())
            .map(|(x, y)| u64::from(x.abs_diff(*y)))
            .sum();
        total as f64 / a.as_raw().len() as f64
    }

    #[test]
    fn the_observation_encoder_is_as_faithful_as_the_image_crates() {
        // A textured frame: gradients and hard block edges, like a render.
        let frame = RgbImage::from_fn(128, 128, |x, y| {
            let block = ((x / 16 + y / 16) % 2) as u8 * 90;
            image::Rgb([(x * 2) as u8, (y * 2) as u8, block + (x as u8 / 4)])
        });
        let decode = |jpeg: &[u8]| image::load_from_memory(jpeg).unwrap().to_rgb8();
        let ours = decode(&encode_jpeg(&frame, OBS_JPEG_QUALITY, false));
        let baseline = decode(&encode_jpeg_with_image_crate(&frame, OBS_JPEG_QUALITY));
        let (ours, baseline) = (mean_error(&frame, &ours), mean_error(&frame, &baseline));
        assert!(ours <= baseline * 1.1 + 0.1, "{ours} vs {baseline}");
    }

    #[test]
    fn downscaling_keeps_colours_and_reaches_the_size() {
        let mut frame = RgbImage::from_pixel(640, 360, image::Rgb([0, 0, 200]));
        for x in 0..320 {
            for y in 0..360 {
                frame.put_pixel(x, y, image::Rgb([200, 0, 0]));
            }
        }
        let small = downscale(
            &frame,
            ObsSize {
                width: 128,
                height: 128,
            },
        );
        assert_eq!(small.dimensions(), (128, 128));
        assert_eq!(small.get_pixel(10, 64).0, [200, 0, 0]);
        assert_eq!(small.get_pixel(120, 64).0, [0, 0, 200]);
    }
}
