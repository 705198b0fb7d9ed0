//! Observation images: frames scaled to the observation size and
//! JPEG-encoded.

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};

use crate::scenario::ObsSize;

/// JPEG quality of observations sent to agents.
pub const OBS_JPEG_QUALITY: u8 = 85;

/// Encodes an RGB frame as JPEG. `swap_red_blue` reproduces the reference
/// green agent's channel swap for agents that expect it.
pub fn encode_jpeg(frame: &RgbImage, quality: u8, swap_red_blue: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(frame.as_raw().len() / 8);
    let encoder = JpegEncoder::new_with_quality(&mut out, quality);
    let result = if swap_red_blue {
        let mut swapped = frame.clone();
        swapped.pixels_mut().for_each(|p| p.0.swap(0, 2));
        encoder.write_image(
            swapped.as_raw(),
            frame.width(),
            frame.height(),
            ExtendedColorType::Rgb8,
        )
    } else {
        encoder.write_image(
            frame.as_raw(),
            frame.width(),
            frame.height(),
            ExtendedColorType::Rgb8,
        )
    };
    // Encoding an in-memory RGB8 buffer of matching size cannot fail.
    result.expect("JPEG encoding of an RGB8 frame");
    out
}

/// `frame` scaled to `size` by averaging the source pixels each output
/// pixel covers (a box filter: fast, and exact for whole-number ratios).
/// Enlarging repeats pixels.
pub fn downscale(frame: &RgbImage, size: ObsSize) -> RgbImage {
    let (src_w, src_h) = frame.dimensions();
    if (src_w, src_h) == (size.width, size.height) {
        return frame.clone();
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
    let mut out = Vec::with_capacity(size.width as usize * size.height as usize * 3);
    for y in 0..size.height {
        let rows = span(y, size.height, src_h);
        for columns in &columns {
            let mut sum = [0u32; 3];
            for row in rows.clone() {
                let line = &raw[row * stride..(row + 1) * stride];
                for pixel in line[columns.start * 3..columns.end * 3].chunks_exact(3) {
                    sum[0] += u32::from(pixel[0]);
                    sum[1] += u32::from(pixel[1]);
                    sum[2] += u32::from(pixel[2]);
                }
            }
            let count = (rows.len() * columns.len()) as u32;
            out.extend(sum.map(|channel| ((channel + count / 2) / count) as u8));
        }
    }
    RgbImage::from_raw(size.width, size.height, out).expect("the buffer matches the size")
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
