package render

import (
	"bytes"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

func TestTable(t *testing.T) {
	var b bytes.Buffer
	tb := NewTable(&b, "ID", "STATUS", "NOTE")
	tb.Row("wf-1", Status(trackerv1.Status_STATUS_WAITING_REVIEW), "two\tcells\nin one")
	tb.Row("workflow-22", Status(trackerv1.Status_STATUS_TIMED_OUT), OrDash(""))
	if err := tb.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "ID           STATUS          NOTE\n" +
		"wf-1         waiting_review  two cells in one\n" +
		"workflow-22  timed_out       -\n"
	if b.String() != want {
		t.Errorf("table\n%q\nwant\n%q", b.String(), want)
	}
}

func TestCells(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Time(nil), "-"},
		{Time(timestamppb.New(time.Date(2026, 11, 29, 10, 0, 0, 5e8, time.FixedZone("x", 3600)))), "2026-11-29T09:00:00.5Z"},
		{Duration(nil), "-"},
		{Duration(durationpb.New(1234567 * time.Microsecond)), "1.235s"},
		{OneLine("a  b\n c", 10), "a b c"},
		{OneLine("abcdefghijkl", 5), "abcd…"},
		// Escape sequences from a tenant's file name or a tool's error
		// never reach the operator's terminal.
		{OneLine("a\x1b]0;pwned\x07\x1b[31mRED\u009b0m.txt", 40), "a]0;pwned[31mRED0m.txt"},
		{OneLine("relevé – €", 40), "relevé – €"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestProtoNamesFieldsAsTheProtoFiles: -o json spells a field as the
// .proto file and the HTTP APIs do (found from outside: `docket correct
// -o json` printed "eventId", `docket workflows get` "waitingReason",
// beside the ingest API's "workflow_id").
func TestProtoNamesFieldsAsTheProtoFiles(t *testing.T) {
	m := &trackerv1.Workflow{Id: "wf-1", WaitingReason: "waiting", DocumentType: "invoice"}
	for name, write := range map[string]func(*bytes.Buffer) error{
		"Proto":     func(b *bytes.Buffer) error { return Proto(b, m) },
		"ProtoLine": func(b *bytes.Buffer) error { return ProtoLine(b, m) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !bytes.Contains(b.Bytes(), []byte(`"document_type"`)) || !bytes.Contains(b.Bytes(), []byte(`"waiting_reason"`)) || bytes.Contains(b.Bytes(), []byte("waitingReason")) {
			t.Errorf("%s wrote %s, want the fields named document_type and waiting_reason", name, out)
		}
	}
}
