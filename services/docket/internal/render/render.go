// Package render prints the operator commands' answers: aligned tables for
// people, JSON for scripts.
package render

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// Proto writes m as indented JSON with every field, set or not, each under
// the name the .proto file gives it ("workflow_id", as the services' HTTP
// APIs and the events spell their fields), not protojson's default
// lowerCamelCase ("workflowId"): a script reading `docket workflows get
// -o json` beside the ingest or ledger API meets one spelling (found from
// outside). protojson reads both.
func Proto(w io.Writer, m proto.Message) error {
	b, err := protojson.MarshalOptions{Multiline: true, Indent: "  ", EmitUnpopulated: true, UseProtoNames: true}.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode %s: %w", m.ProtoReflect().Descriptor().FullName(), err)
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// ProtoLine writes m as one line of JSON, for streams (JSON Lines), its
// fields named as Proto names them.
func ProtoLine(w io.Writer, m proto.Message) error {
	b, err := protojson.MarshalOptions{EmitUnpopulated: true, UseProtoNames: true}.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode %s: %w", m.ProtoReflect().Descriptor().FullName(), err)
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// JSON writes v as indented JSON.
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode JSON: %w", err)
	}
	return nil
}

// Table aligns rows of cells in columns two spaces apart.
type Table struct {
	tw *tabwriter.Writer
}

// NewTable starts a table on w with the header row.
func NewTable(w io.Writer, header ...string) *Table {
	t := &Table{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)}
	t.Row(header...)
	return t
}

// Row adds a row; tabs and line breaks in cells are made spaces.
func (t *Table) Row(cells ...string) {
	for i, c := range cells {
		cells[i] = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return ' '
			}
			return r
		}, c)
	}
	fmt.Fprintln(t.tw, strings.Join(cells, "\t"))
}

// Flush writes the aligned table.
func (t *Table) Flush() error { return t.tw.Flush() }

// Fields prints "Name:  value" lines with the values aligned.
func Fields(w io.Writer, pairs ...[2]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range pairs {
		fmt.Fprintf(tw, "%s:\t%s\n", p[0], p[1])
	}
	return tw.Flush()
}

// Time formats a timestamp in UTC, RFC 3339; "-" when unset.
func Time(t *timestamppb.Timestamp) string {
	if t == nil {
		return "-"
	}
	return t.AsTime().UTC().Format(time.RFC3339Nano)
}

// Duration formats a duration rounded to the millisecond; "-" when unset.
func Duration(d *durationpb.Duration) string {
	if d == nil {
		return "-"
	}
	return d.AsDuration().Round(time.Millisecond).String()
}

// Status is a workflow status as operators type it: waiting_review.
func Status(s trackerv1.Status) string {
	return strings.ToLower(strings.TrimPrefix(s.String(), "STATUS_"))
}

// Progress words a long step's progress report: "ocr 3/20 pages", "ocr 3
// pages" when the total is unknown; "" for none.
func Progress(p *trackerv1.Progress) string {
	if p == nil {
		return ""
	}
	s := fmt.Sprintf("%s %d", p.GetStep(), p.GetDone())
	if p.GetTotal() > 0 {
		s += fmt.Sprintf("/%d", p.GetTotal())
	}
	if p.GetUnit() != "" {
		s += " " + p.GetUnit()
	}
	return OneLine(s, 80)
}

// OrDash shows an empty cell as "-".
func OrDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// OneLine keeps a cell on one line and at most n runes, without control
// characters: a cell's text may come from a tenant (a file name) or a
// tool's output, and an escape sequence would act on the terminal.
func OneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
