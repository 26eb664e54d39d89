package extract

import "context"

// Noop engine identity and output, as recorded in events.
const (
	NoopEngineName    = "noop"
	NoopEngineVersion = "1"
	// NoopText is the text every document reads as under the no-op engine.
	NoopText = "Docket benchmark document: text from the no-op OCR engine."
)

// Noop extracts without running any tool: every document reads as one
// page of NoopText. It measures the platform's own cost
// (DOCKET_OCR_ENGINE=noop); it reads nothing of the document.
type Noop struct{}

// Extract returns the fixed one-page result.
func (Noop) Extract(context.Context, Job) (Result, error) {
	return Result{
		Pages:         []Page{{Number: 1, Text: NoopText, Confidence: 1, Method: MethodPassthrough}},
		EngineName:    NoopEngineName,
		EngineVersion: NoopEngineVersion,
	}, nil
}

// ReadsNothing reports that Extract never reads Job.Path, so the caller
// need not provide the document as a file.
func (Noop) ReadsNothing() bool { return true }
