package chaos

import (
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

func TestMain(m *testing.M) { dockettest.Main(m) }
