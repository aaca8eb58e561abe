//! NumPy arrays in and out of the extension (the `numpy` crate).
//!
//! A result's arrays are made once, from the engine's `Vec` without a copy
//! ([`PyArray1::from_vec`], [`PyArray2::from_owned_array`]), marked read-only, and shared by
//! every read of the attribute. An array given to a result's constructor (unpickling, or a
//! caller building one) is kept as it is when it is already a read-only C-contiguous array of
//! the right type, and copied into one otherwise, so that nobody else can change a result.

use numpy::ndarray::Array2;
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A read-only vector.
pub type Arr1<T> = Py<PyArray1<T>>;
/// A read-only `(k, cols)` array of `i64`.
pub type Arr2 = Py<PyArray2<i64>>;

/// Marks `a` read-only.
fn freeze(a: &Bound<'_, PyAny>) -> PyResult<()> {
    a.getattr("flags")?.setattr("writeable", false)
}

/// Whether `a` can be shared as it is: read-only and C-contiguous.
fn shareable(a: &Bound<'_, PyAny>) -> PyResult<bool> {
    let flags = a.getattr("flags")?;
    Ok(!flags.getattr("writeable")?.extract::<bool>()?
        && flags.getattr("c_contiguous")?.extract::<bool>()?)
}

/// `v` as a read-only vector, without a copy.
pub fn vec1<T: Element>(py: Python<'_>, v: Vec<T>) -> PyResult<Arr1<T>> {
    let a = PyArray1::from_vec(py, v);
    freeze(a.as_any())?;
    Ok(a.unbind())
}

/// `v` (row-major, `cols` per row) as a read-only `(len / cols, cols)` array, without a copy.
pub fn vec2(py: Python<'_>, v: Vec<i64>, cols: usize) -> PyResult<Arr2> {
    let rows = v.len() / cols;
    let a = Array2::from_shape_vec((rows, cols), v)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let a = PyArray2::from_owned_array(py, a);
    freeze(a.as_any())?;
    Ok(a.unbind())
}

/// A vector given to a constructor (`what` names it in errors): shared if read-only and
/// contiguous, else copied.
pub fn take1<T: Element + Copy>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Arr1<T>> {
    let a = obj.extract::<Bound<'_, PyArray1<T>>>().map_err(|_| {
        PyValueError::new_err(format!(
            "{what}: expected a 1-D NumPy array of {}",
            std::any::type_name::<T>()
        ))
    })?;
    if shareable(a.as_any())? {
        return Ok(a.unbind());
    }
    let copy: Vec<T> = a.readonly().as_array().iter().copied().collect();
    vec1(obj.py(), copy)
}

/// A `(k, cols)` `int64` array given to a constructor: shared if read-only and contiguous, else
/// copied.
pub fn take2(obj: &Bound<'_, PyAny>, what: &str, cols: usize) -> PyResult<Arr2> {
    let bad = || PyValueError::new_err(format!("{what}: expected a (k, {cols}) int64 NumPy array"));
    let a = obj
        .extract::<Bound<'_, PyArray2<i64>>>()
        .map_err(|_| bad())?;
    if a.shape()[1] != cols {
        return Err(bad());
    }
    if shareable(a.as_any())? {
        return Ok(a.unbind());
    }
    let copy: Vec<i64> = a.readonly().as_array().iter().copied().collect();
    vec2(obj.py(), copy, cols)
}

/// The values of a vector (a copy).
pub fn values1<T: Element + Copy>(py: Python<'_>, a: &Arr1<T>) -> Vec<T> {
    a.bind(py).readonly().as_array().iter().copied().collect()
}

/// The values of a `(k, cols)` array, row-major (a copy).
pub fn values2(py: Python<'_>, a: &Arr2) -> Vec<i64> {
    a.bind(py).readonly().as_array().iter().copied().collect()
}

/// The rows of a `(k, cols)` array.
pub fn rows2(py: Python<'_>, a: &Arr2) -> usize {
    a.bind(py).shape()[0]
}

/// The length of a vector.
pub fn len1<T: Element>(py: Python<'_>, a: &Arr1<T>) -> usize {
    a.bind(py).len()
}

/// Whether `a` and `b` hold the same state: `b` is of `a`'s type and what they pickle as (their
/// `__reduce__` arguments) is equal, arrays compared by shape, dtype and values and results
/// within them by their own state. The `==` of every result class.
pub fn same_state(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !a.get_type().is(b.get_type()) {
        return Ok(false);
    }
    let a = a.call_method0("__reduce__")?.get_item(1)?;
    let b = b.call_method0("__reduce__")?.get_item(1)?;
    same_value(&a, &b)
}

/// `a == b` for the values a result pickles as.
fn same_value(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = a.py();
    if !a.get_type().is(b.get_type()) {
        return Ok(false);
    }
    if a.get_type().module()?.as_any().eq("gridmatch._core")? {
        return same_state(a, b);
    }
    if a.is_instance_of::<numpy::PyUntypedArray>() {
        let np = py.import("numpy")?;
        let dtypes = a.getattr("dtype")?.eq(b.getattr("dtype")?)?;
        return Ok(dtypes && np.getattr("array_equal")?.call1((a, b))?.is_truthy()?);
    }
    if a.is_instance_of::<pyo3::types::PyTuple>() || a.is_instance_of::<pyo3::types::PyList>() {
        if a.len()? != b.len()? {
            return Ok(false);
        }
        for (x, y) in a.try_iter()?.zip(b.try_iter()?) {
            if !same_value(&x?, &y?)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    a.eq(b)
}
