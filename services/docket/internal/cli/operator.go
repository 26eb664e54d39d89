package cli

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// Output formats of the operator commands.
const (
	outTable = "table"
	outJSON  = "json"
)

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// outputFlag registers -o on fs.
func outputFlag(fs *flag.FlagSet) *string {
	return fs.String("o", outTable, "output format: table or json")
}

func checkOutput(o string) error {
	if o != outTable && o != outJSON {
		return fmt.Errorf("%w: -o %q: want table or json", errUsage, o)
	}
	return nil
}

// parseInterspersed parses args with fs, allowing flags after positional
// arguments (docket dlq show ID -o json), and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// oneID checks that exactly one positional argument, an id, was given.
func oneID(cmd string, pos []string) (string, error) {
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return "", fmt.Errorf("%w: %s takes exactly one ID, got %q", errUsage, cmd, pos)
	}
	return pos[0], nil
}
