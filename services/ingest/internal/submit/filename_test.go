package submit

import (
	"testing"
	"time"
)

// File names a reviewer is shown: a right-to-left override that disguises
// an extension, and the names . and .., are refused with a reason.
func TestFilenamesThatMislead(t *testing.T) {
	now := time.Now()
	for name, ok := range map[string]bool{
		"invoice\u202Efdp.exe": false,
		"a\u2066b\u2069.pdf":   false,
		"scan\u200F.png":       false,
		"..":                   false,
		".":                    false,
		"../etc/passwd":        false,
		"..report.pdf":         true,
		"Rechnung März.pdf":    true,
		"عقد.pdf":              true,
	} {
		err := Params{Filename: name}.Validate(now, time.Hour)
		if (err == nil) != ok {
			t.Errorf("filename %q: %v, want accepted=%v", name, err, ok)
		}
	}
}
