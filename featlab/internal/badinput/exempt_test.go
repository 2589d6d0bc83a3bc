package badinput

import "strings"

// exemptPackages are library packages outside the suite, with the reason
// (none today: add one only with a reason a reviewer would accept).
var exemptPackages = map[string]string{}

// exempt are exported identifiers that take no user data, or only data
// checked elsewhere, with the reason.
var exempt = map[string]string{
	"featlab.Errorf":                "builds an error value",
	"featlab.IsNil":                 "a predicate on any matrix, used by every entry point's gate",
	"featlab.StripBOM":              "a pure string function (covered through the CSV readers)",
	"featlab.LearnerFunc.Fit":       "calls the user's function; the callers recover its panics (validate, stability)",
	"featlab.PredictorFunc.Predict": "calls the user's function; the callers recover its panics",
	"featlab.SelectorFunc.Select":   "calls the user's function; the callers recover its panics",
	"nb.Must":                       "panics on an error by design: it stops a notebook cell",
	"nb.Must1":                      "panics on an error by design: it stops a notebook cell",
	"nb.Must2":                      "panics on an error by design: it stops a notebook cell",
	"datasets.Names":                "lists the embedded sets",
	// represent: entries that do not take a matrix of the suite's shapes
	"represent.BagOfWords.Fit":         "takes token lists, not matrices (FuzzBagOfWords and represent's tests: empty vocabulary, unseen words)",
	"represent.BagOfWords.Transform":   "takes token lists (as Fit)",
	"represent.BagOfWords.Decode":      "maps vectors of the fitted width back to words (represent's tests)",
	"represent.BagOfWords.OutputNames": "the fitted vocabulary",
	"represent.SparseCode.Fit":         "a fixed dictionary of a given width: the suite's matrices have other widths (represent.SparseEncode is registered with a dictionary of X's width)",
	"represent.SparseCode.Transform":   "as SparseCode.Fit",
	"represent.SparseCode.Encode":      "as SparseCode.Fit",
	"represent.SparseCode.Decode":      "as SparseCode.Fit",
	"represent.SparseCode.OutputNames": "as SparseCode.Fit",
	"represent.KSVDAtomStep":           "teaching helper on three matrices of agreeing shapes (represent's TestKSVDAtomStepPreservesSupport; shape and index errors in checkStep)",
	"represent.RestrictedResidual":     "as KSVDAtomStep",
	// The embedded sets' loaders take no input; datasets' own tests check
	// every value of the data compiled in.
	"datasets.BreastCancer": "no input", "datasets.BreastCancerFrame": "no input",
	"datasets.Diabetes": "no input", "datasets.DiabetesFrame": "no input",
	"datasets.Digits": "no input", "datasets.DigitsFrame": "no input",
	"datasets.Iris": "no input", "datasets.IrisFrame": "no input",
	"datasets.Watermelon": "no input", "datasets.WatermelonFrame": "no input",
	"datasets.WatermelonZh": "no input", "datasets.WatermelonZhFrame": "no input",
	"datasets.Wine": "no input", "datasets.WineFrame": "no input",
}

// exemptMethods are method names that only read or print a value already
// built and checked (accessors, formatting, sort.Interface), exempt on
// every type.
var exemptMethods = map[string]string{
	"String": "formatting", "Error": "formatting", "Unwrap": "error chain", "HTML": "formatting",
	"DataFrame": "a view of a checked result", "HistoryDataFrame": "a view of a checked result",
	"Len": "sort.Interface", "Less": "sort.Interface", "Swap": "sort.Interface",
	"Dims": "an accessor", "Table": "formatting", "Selection": "a view of a checked result", "Support": "an accessor",
	// transform.FrameMemory's methods, promoted into every transformer that
	// embeds it: bookkeeping of FitFrame, checked through the frame functions.
	"FrameColumns": "frame bookkeeping (checked through the frame functions)", "SetFrameColumns": "frame bookkeeping (checked through the frame functions)",
}

// exemptMethod returns the reason a method identifier pkg.Type.Method is
// exempt, or "".
func exemptMethod(id string) string {
	parts := strings.Split(id, ".")
	if len(parts) != 3 {
		return ""
	}
	return exemptMethods[parts[2]]
}

// known are failures the suite found that are not fixed yet, by key
// (entry / check / input), with the reason and who owns the fix.
var known = map[string]string{}
