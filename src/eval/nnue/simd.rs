//! The network's inner loops: adding or taking away a row of first-layer weights, and the
//! clipped dot product of the output. Each has a scalar version and, on x86-64 with AVX2 (found
//! at run time), a vector one; both give the same result bit for bit (tested): the accumulators
//! wrap alike, and the dot product is exact in both (the vector one widens its 32-bit sums to
//! 64 bits before they could overflow).

#![allow(unsafe_code)]

use super::QA;

/// `values += row` (wrapping).
#[inline]
pub fn add_row(values: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked at run time).
        unsafe { x86::add_row(values, row) };
        return;
    }
    scalar::add_row(values, row)
}

/// `values -= row` (wrapping).
#[inline]
pub fn sub_row(values: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked at run time).
        unsafe { x86::sub_row(values, row) };
        return;
    }
    scalar::sub_row(values, row)
}

/// `sum(clamp(v, 0, QA) * w)`, exact.
#[inline]
pub fn clipped_dot(values: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked at run time).
        return unsafe { x86::clipped_dot(values, weights) };
    }
    scalar::clipped_dot(values, weights)
}

/// Whether this machine has AVX2 (asked once).
#[cfg(target_arch = "x86_64")]
fn avx2() -> bool {
    static HAVE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAVE.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
}

pub mod scalar {
    use super::QA;

    pub fn add_row(values: &mut [i16], row: &[i16]) {
        for (v, &w) in values.iter_mut().zip(row) {
            *v = v.wrapping_add(w);
        }
    }

    pub fn sub_row(values: &mut [i16], row: &[i16]) {
        for (v, &w) in values.iter_mut().zip(row) {
            *v = v.wrapping_sub(w);
        }
    }

    pub fn clipped_dot(values: &[i16], weights: &[i16]) -> i64 {
        values
            .iter()
            .zip(weights)
            .map(|(&v, &w)| i64::from(i32::from(v).clamp(0, QA) * i32::from(w)))
            .sum()
    }
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    use std::arch::x86_64::*;

    use super::{QA, scalar};

    /// Lanes of one 256-bit vector of i16.
    const LANES: usize = 16;

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_row(values: &mut [i16], row: &[i16]) {
        // SAFETY: the caller's promise is passed on.
        unsafe { each_vector(values, row, |v, w| _mm256_add_epi16(v, w), scalar::add_row) }
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn sub_row(values: &mut [i16], row: &[i16]) {
        // SAFETY: the caller's promise is passed on.
        unsafe { each_vector(values, row, |v, w| _mm256_sub_epi16(v, w), scalar::sub_row) }
    }

    /// `values = op(values, row)` a vector at a time, the tail by `tail`.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn each_vector(
        values: &mut [i16],
        row: &[i16],
        op: impl Fn(__m256i, __m256i) -> __m256i,
        tail: fn(&mut [i16], &[i16]),
    ) {
        let n = values.len().min(row.len());
        let whole = n / LANES * LANES;
        for i in (0..whole).step_by(LANES) {
            // SAFETY: i + LANES <= n, within both slices; unaligned loads and stores.
            unsafe {
                let v = _mm256_loadu_si256(values.as_ptr().add(i).cast());
                let w = _mm256_loadu_si256(row.as_ptr().add(i).cast());
                _mm256_storeu_si256(values.as_mut_ptr().add(i).cast(), op(v, w));
            }
        }
        tail(&mut values[whole..n], &row[whole..n]);
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn clipped_dot(values: &[i16], weights: &[i16]) -> i64 {
        let n = values.len().min(weights.len());
        let whole = n / LANES * LANES;
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut total = _mm256_setzero_si256(); // four i64 lanes
        // Each madd lane adds two products of at most 1023 * 32768 (2^25): eight vectors sum
        // to at most 2^29 a lane, far inside i32; then the lanes are widened to i64.
        const BLOCK: usize = 8 * LANES;
        let mut i = 0;
        while i < whole {
            let end = (i + BLOCK).min(whole);
            let mut sum = _mm256_setzero_si256(); // eight i32 lanes
            while i < end {
                // SAFETY: i + LANES <= whole <= n, within both slices; unaligned loads.
                unsafe {
                    let v = _mm256_loadu_si256(values.as_ptr().add(i).cast());
                    let w = _mm256_loadu_si256(weights.as_ptr().add(i).cast());
                    let clipped = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
                    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped, w));
                }
                i += LANES;
            }
            let low = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(sum));
            let high = _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(sum));
            total = _mm256_add_epi64(total, _mm256_add_epi64(low, high));
        }
        let mut lanes = [0i64; 4];
        // SAFETY: `lanes` holds four i64, 32 bytes; an unaligned store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), total) };
        lanes.iter().sum::<i64>() + scalar::clipped_dot(&values[whole..n], &weights[whole..n])
    }
}
