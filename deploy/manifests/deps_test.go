package manifests

import (
	"os/exec"
	"strings"
	"testing"
)

// devStack are the packages only the embedded mode and the tests may
// link: the in-process broker, registry and Redis stand-ins and the test
// kit.
var devStack = []string{
	"github.com/twmb/franz-go/pkg/kfake",
	"github.com/alicebob/miniredis",
	"github.com/docket-run/docket/pkg/devstack",
	"github.com/docket-run/docket/pkg/dockettest",
	"github.com/docket-run/docket/pkg/redislocal",
	"github.com/docket-run/docket/pkg/registry",
	"github.com/docket-run/docket/pkg/kafkacluster",
}

// TestServiceBinariesLeaveTheDevStackOut lists what each service's binary
// (the images' contents) links: none of the development stack. (pkg's
// go.mod still names kfake and miniredis, as Go lists the modules its own
// tests need; a binary links only what it imports.)
func TestServiceBinariesLeaveTheDevStackOut(t *testing.T) {
	for _, svc := range []string{"ingest", "ocr", "classifier", "ledger", "sagatracker", "exception", "console"} {
		cmd := exec.Command("go", "list", "-deps", "./services/"+svc+"/cmd/"+svc)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", svc, err)
		}
		for _, pkg := range strings.Fields(string(out)) {
			for _, dev := range devStack {
				if pkg == dev || strings.HasPrefix(pkg, dev+"/") {
					t.Errorf("%s links %s", svc, pkg)
				}
			}
		}
	}
}
