package pii

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/docket-run/docket/pkg/prefilter"
)

// TestFilteredHeadingsMatchAsBefore runs the heading expressions the
// literal prefilter spares over every line and heading of the field and
// evaluation documents, with and without the filter: the same answers.
func TestFilteredHeadingsMatchAsBefore(t *testing.T) {
	files, err := filepath.Glob("../../services/classifier/field/*/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	eval, _ := filepath.Glob("../../services/classifier/eval/docs/*.txt")
	files = append(files, eval...)
	if len(files) < 100 {
		t.Fatalf("%d documents to read, want the field's and the evaluation's", len(files))
	}
	for name, pf := range map[string]*prefilter.Regexp{"identityDocument": identityDocument, "drivingLicence": drivingLicence} {
		re := regexp.MustCompile(pf.String())
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range strings.Split(string(b), "\n") {
				if got, want := pf.MatchString(s), re.MatchString(s); got != want {
					t.Errorf("%s on %s %.80q: %v with the filter, %v without", name, f, s, got, want)
				}
			}
		}
	}
}
