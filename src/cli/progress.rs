//! Progress bars: how the command line shows the library's progress reports.
