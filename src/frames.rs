//! Observation images: JPEG encoding of RGB frames.

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
}
