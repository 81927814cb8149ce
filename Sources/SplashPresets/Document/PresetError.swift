import SplashDocument

/// A problem in a preset file: the error every document front end reports (`DocumentError`),
/// under the name the preset compiler and its callers have always used.
public typealias PresetError = DocumentError
