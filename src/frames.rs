//! Observation images: JPEG encoding of RGB frames, and a synthetic
//! first-person-looking test frame that `mcu check` sends until the
//! embedded simulator renders real ones.

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};

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

/// A test frame: sky, grass horizon, a block that drifts with `step`, a crosshair.
pub fn synthetic_frame(width: u32, height: u32, step: u64) -> RgbImage {
    let horizon = height / 2;
    let block_size = (width.min(height) / 5).max(2);
    let block_x = ((step * 3) % u64::from(width.saturating_sub(block_size).max(1))) as u32;
    let block_y = horizon.saturating_sub(block_size / 2);
    RgbImage::from_fn(width, height, |x, y| {
        let in_block = (block_x..block_x + block_size).contains(&x)
            && (block_y..block_y + block_size).contains(&y);
        let crosshair = (x == width / 2 && y.abs_diff(height / 2) < 4)
            || (y == height / 2 && x.abs_diff(width / 2) < 4);
        if crosshair {
            image::Rgb([240, 240, 240])
        } else if in_block {
            let grain = if (x / 3 + y / 3) % 2 == 0 { 0 } else { 14 };
            image::Rgb([110 + grain, 80 + grain, 50])
        } else if y < horizon {
            let t = y * 80 / horizon.max(1);
            image::Rgb([120 + t as u8 / 2, 165 + t as u8 / 3, 255])
        } else {
            let grain = if (x / 4 + y / 4) % 2 == 0 { 0 } else { 10 };
            image::Rgb([90 + grain, 150 + grain, 60])
        }
    })
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
    fn synthetic_frames_change_with_the_step() {
        let a = synthetic_frame(128, 128, 0);
        let b = synthetic_frame(128, 128, 5);
        assert_eq!(a.dimensions(), (128, 128));
        assert_ne!(a, b);
        assert_eq!(synthetic_frame(128, 128, 5), b);
    }
}
