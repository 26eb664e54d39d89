package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/twmb/franz-go/pkg/sr"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/serde"
)

// registryFlags parses a schema command's flags and returns the registry's
// URL and a client for it.
func registryFlags(name string, args []string) (string, *sr.Client, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	url := fs.String("registry", "", "schema registry URL (default $DOCKET_SCHEMA_REGISTRY_URL)")
	if err := fs.Parse(args); err != nil {
		return "", nil, err
	}
	p, err := config.Load()
	if err != nil {
		return "", nil, err
	}
	if *url != "" {
		p.RegistryURL = *url
	}
	rc, err := p.RegistryClient()
	return p.RegistryURL, rc, err
}

func schemasApply(ctx context.Context, args []string, stdout io.Writer) error {
	url, rc, err := registryFlags("admin schemas apply", args)
	if err != nil {
		return err
	}
	applied, applyErr := serde.Apply(ctx, rc)
	if err := printApplied(stdout, applied); err != nil {
		return err
	}
	if applyErr != nil {
		return fmt.Errorf("apply schemas to %s: %w", url, applyErr)
	}
	return nil
}

// printApplied prints what Apply did, also when it stopped at a failure,
// and counts the versions others registered.
func printApplied(stdout io.Writer, applied []serde.Applied) error {
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SUBJECT\tVERSION\tID\tRELEASE\tSTATUS\tCOMPATIBILITY")
	foreign := 0
	for _, a := range applied {
		release := "-"
		if a.Release > 0 {
			release = fmt.Sprintf("v%d", a.Release)
		}
		if a.Status == serde.StatusForeign {
			foreign++
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\n", a.Subject, a.Version, a.ID, release, a.Status, a.Compatibility)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if foreign > 0 {
		fmt.Fprintf(stdout, "%d version(s) registered by others, not released in schemas/ (status foreign): check that Docket's readers should accept them\n", foreign)
	}
	return nil
}

func schemasList(ctx context.Context, args []string, stdout io.Writer) error {
	url, rc, err := registryFlags("admin schemas list", args)
	if err != nil {
		return err
	}
	subjects, err := rc.Subjects(ctx)
	if err != nil {
		return fmt.Errorf("list subjects of %s: %w", url, err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SUBJECT\tVERSION\tID")
	for _, s := range subjects {
		ss, err := rc.Schemas(ctx, s)
		if err != nil {
			return fmt.Errorf("versions of %s: %w", s, err)
		}
		for _, v := range ss {
			fmt.Fprintf(tw, "%s\t%d\t%d\n", s, v.Version, v.ID)
		}
	}
	return tw.Flush()
}
