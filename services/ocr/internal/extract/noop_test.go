package extract

import (
	"context"
	"reflect"
	"testing"
)

func TestNoopReadsEveryDocumentAsOneFixedPage(t *testing.T) {
	got, err := Noop{}.Extract(context.Background(), Job{Path: "/nonexistent", SHA256: "ab", MediaType: "application/pdf"})
	if err != nil {
		t.Fatal(err)
	}
	want := Result{
		Pages:         []Page{{Number: 1, Text: NoopText, Confidence: 1, Method: MethodPassthrough}},
		EngineName:    "noop",
		EngineVersion: "1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Extract = %+v, want %+v", got, want)
	}
	if got.Text() != NoopText || got.MeanConfidence() != 1 {
		t.Errorf("Text %q MeanConfidence %v, want %q and 1", got.Text(), got.MeanConfidence(), NoopText)
	}
}
