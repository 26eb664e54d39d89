package extract_test

import (
	"testing"

	"github.com/docket-run/docket/pkg/fault"

	"github.com/docket-run/docket/services/ocr/internal/extract"
)

const tsvHeader = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

func TestParseTSV(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []extract.PageText
		wantErr bool
	}{
		{"lines, paragraphs, pages", tsvHeader +
			"1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n" +
			"5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\tHello\n" +
			"5\t1\t1\t1\t1\t2\t0\t0\t1\t1\t80\tworld\n" +
			"5\t1\t1\t1\t2\t1\t0\t0\t1\t1\t70\tnext\n" +
			"5\t1\t2\t1\t1\t1\t0\t0\t1\t1\t60\tblock\n" +
			"1\t2\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n" +
			"5\t2\t1\t1\t1\t1\t0\t0\t1\t1\t50.5\tsecond\n",
			[]extract.PageText{{Text: "Hello world\nnext\n\nblock", Confidence: 0.75}, {Text: "second", Confidence: 0.505}}, false},
		{"blank page", tsvHeader + "1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n", []extract.PageText{{}}, false},
		{"whitespace words skipped", tsvHeader + "5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t95\t \n5\t1\t1\t1\t1\t2\t0\t0\t1\t1\t40\tx\n", []extract.PageText{{Text: "x", Confidence: 0.4}}, false},
		// Found from outside (eighty-fourth trial): a table's ruling read
		// as an underscore between a row's cells; a form's blank stays.
		{"a ruling's underscore skipped", tsvHeader + "5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\t15-07-2026\n5\t1\t1\t1\t1\t2\t0\t0\t1\t1\t30\t_\n5\t1\t1\t1\t1\t3\t0\t0\t1\t1\t90\tTermijn\n5\t1\t1\t1\t2\t1\t0\t0\t1\t1\t80\tSign:\n5\t1\t1\t1\t2\t2\t0\t0\t1\t1\t80\t________\n", []extract.PageText{{Text: "15-07-2026 Termijn\nSign: ________", Confidence: 0.85}}, false},
		{"no header", "5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\tHello\n", nil, true},
		{"bad confidence", tsvHeader + "5\t1\t1\t1\t1\t1\t0\t0\t1\t1\tx\tHello\n", nil, true},
		{"short row", tsvHeader + "5\t1\t1\n", nil, true},
		{"empty", "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := extract.ParseTSV([]byte(tt.in))
			if tt.wantErr {
				if err == nil || fault.ClassOf(err) != fault.Structural {
					t.Fatalf("err = %v, want structural", err)
				}
				return
			}
			if err != nil || len(got) != len(tt.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
			for i := range got {
				if got[i].Text != tt.want[i].Text || diff(got[i].Confidence, tt.want[i].Confidence) > 1e-9 {
					t.Errorf("page %d = %+v, want %+v", i+1, got[i], tt.want[i])
				}
			}
		})
	}
}

func diff(a, b float64) float64 {
	if a > b {
		return a - b
	}
	return b - a
}
