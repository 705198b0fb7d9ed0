//! First and last frame of an episode video as small JPEG data URLs, for
//! the HTML report's task cards. Frames are decoded with the judge's
//! sampler (every frame a candidate, two kept: the first and the last),
//! then shrunk.

use std::path::Path;

use image::codecs::jpeg::JpegEncoder;
use image::ImageFormat;

use crate::judge::sample::{data_url, sample_video, SampleOptions};

/// Largest thumbnail width and height, in pixels.
const THUMBNAIL_WIDTH: u32 = 240;
const THUMBNAIL_HEIGHT: u32 = 180;
const THUMBNAIL_QUALITY: u8 = 75;

/// The two frames of a video shown in its card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thumbnails {
    pub total_frames: u64,
    /// `data:image/jpeg;base64,…` of the first frame.
    pub first: String,
    /// The same for the last frame (the first again for one-frame videos).
    pub last: String,
}

/// The first and last frames of the video at `path`; the error says why
/// there are none.
pub fn thumbnails(path: &Path) -> Result<Thumbnails, String> {
    let sampled = sample_video(
        path,
        &SampleOptions {
            stride: Some(1),
            max_frames: 2,
            jpeg_quality: 90,
        },
    )
    .map_err(|e| e.to_string())?;
    let (Some(first), Some(last)) = (sampled.frames.first(), sampled.frames.last()) else {
        return Err(format!("{} has no frames", path.display()));
    };
    Ok(Thumbnails {
        total_frames: sampled.total_frames,
        first: data_url(&shrink(&first.jpeg).map_err(|e| e.to_string())?),
        last: data_url(&shrink(&last.jpeg).map_err(|e| e.to_string())?),
    })
}

/// The JPEG scaled down to fit the thumbnail box, re-encoded.
fn shrink(jpeg: &[u8]) -> Result<Vec<u8>, image::ImageError> {
    let image = image::load_from_memory_with_format(jpeg, ImageFormat::Jpeg)?
        .thumbnail(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT)
        .to_rgb8();
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, THUMBNAIL_QUALITY).encode_image(&image)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_keeps_the_aspect_ratio_inside_the_box() {
        let frame = image::RgbImage::from_pixel(640, 360, image::Rgb([10, 200, 30]));
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, 90)
            .encode_image(&frame)
            .unwrap();
        let small = shrink(&jpeg).unwrap();
        let decoded = image::load_from_memory(&small).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (240, 135));
    }

    #[test]
    fn a_missing_video_is_named() {
        let error = thumbnails(Path::new("/nonexistent/episode_1.mp4")).unwrap_err();
        assert!(error.contains("/nonexistent/episode_1.mp4"), "{error}");
    }
}
