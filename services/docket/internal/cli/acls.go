package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/docket-run/docket/services/docket/internal/acls"
)

// aclsApply is `docket admin acls apply`: every service's principal gets
// exactly its topics, group and transactional ids.
func aclsApply(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin acls apply", flag.ContinueOnError)
	fs.SetOutput(stderr)
	brokers := fs.String("brokers", "", "Kafka seed brokers, comma-separated (default $DOCKET_KAFKA_BROKERS); connect as a principal allowed to alter ACLs")
	prefix := fs.String("principal-prefix", envDefault("DOCKET_KAFKA_PRINCIPAL_PREFIX", "User:docket-"), "each service's principal is this prefix and its name ($DOCKET_KAFKA_PRINCIPAL_PREFIX)")
	dryRun := fs.Bool("dry-run", false, "only report what would change")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: admin acls apply takes no arguments, got %q", errUsage, fs.Args())
	}
	if !strings.HasPrefix(*prefix, "User:") {
		return fmt.Errorf("%w: principal prefix %q: want User:<name prefix>", errUsage, *prefix)
	}
	cl, p, err := adminClient(*brokers)
	if err != nil {
		return err
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	want := acls.Bindings(acls.Grants(func(svc string) string { return *prefix + svc }))
	changes, err := acls.Apply(ctx, kadm.NewClient(cl), want, *dryRun)
	if err != nil {
		return fmt.Errorf("apply ACLs to %s: %w", strings.Join(p.KafkaBrokers, ","), err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ACTION\tPRINCIPAL\tOPERATION\tRESOURCE\tPATTERN")
	added := 0
	for _, c := range changes {
		action := "remove"
		if c.Add {
			action, added = "add", added+1
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s:%s\t%s\n", action, c.Principal, strings.ToLower(c.Operation.String()),
			strings.ToLower(c.Resource.String()), c.Name, strings.ToLower(c.Pattern.String()))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	label := "acls apply"
	if *dryRun {
		label = "acls apply (dry run)"
	}
	fmt.Fprintf(stdout, "%s: added=%d removed=%d unchanged=%d\n", label, added, len(changes)-added, len(want)-added)
	return nil
}
