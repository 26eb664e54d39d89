package blob

import (
	"errors"
	"strings"
	"testing"
)

func TestURIRoundTrip(t *testing.T) {
	sha := strings.Repeat("ab", 32)
	if got, want := URI(strings.ToUpper(sha)), "docket-blob://sha256/"+sha; got != want {
		t.Errorf("URI = %q, want %q", got, want)
	}
	got, err := ParseURI(URI(sha))
	if err != nil || got != sha {
		t.Errorf("ParseURI(URI(x)) = %q, %v; want %q", got, err, sha)
	}
}

func TestParseURIRejects(t *testing.T) {
	for _, tc := range []struct{ name, uri string }{
		{"empty", ""},
		{"other scheme", "s3://bucket/sha256/" + strings.Repeat("a", 64)},
		{"other algorithm", "docket-blob://md5/" + strings.Repeat("a", 32)},
		{"short", "docket-blob://sha256/abc"},
		{"not hex", "docket-blob://sha256/" + strings.Repeat("z", 64)},
		{"trailing path", "docket-blob://sha256/" + strings.Repeat("a", 64) + "/x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseURI(tc.uri); !errors.Is(err, ErrInvalidRef) {
				t.Errorf("ParseURI(%q) = %v, want ErrInvalidRef", tc.uri, err)
			}
		})
	}
}
