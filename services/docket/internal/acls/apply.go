package acls

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Binding is one allowed operation of a principal on a resource.
type Binding struct {
	Principal string
	Resource  kmsg.ACLResourceType
	Name      string
	Pattern   kadm.ACLPattern
	Operation kadm.ACLOperation
}

func (b Binding) String() string {
	return fmt.Sprintf("%s %s %s:%s %s", b.Principal, strings.ToLower(b.Operation.String()),
		strings.ToLower(b.Resource.String()), b.Name, strings.ToLower(b.Pattern.String()))
}

// Bindings returns what grants allow, one binding per operation, sorted.
// Reading a topic is READ and DESCRIBE; writing is WRITE and DESCRIBE; the
// group is READ and DESCRIBE; the transactional ids (by prefix) WRITE and
// DESCRIBE.
func Bindings(grants []Grant) []Binding {
	var out []Binding
	add := func(p string, rt kmsg.ACLResourceType, name string, pat kadm.ACLPattern, ops ...kadm.ACLOperation) {
		for _, op := range ops {
			out = append(out, Binding{Principal: p, Resource: rt, Name: name, Pattern: pat, Operation: op})
		}
	}
	for _, g := range grants {
		for _, t := range g.Read {
			add(g.Principal, kmsg.ACLResourceTypeTopic, t, kadm.ACLPatternLiteral, kadm.OpRead, kadm.OpDescribe)
		}
		for _, t := range g.Write {
			add(g.Principal, kmsg.ACLResourceTypeTopic, t, kadm.ACLPatternLiteral, kadm.OpWrite, kadm.OpDescribe)
		}
		if g.Group != "" {
			add(g.Principal, kmsg.ACLResourceTypeGroup, g.Group, kadm.ACLPatternLiteral, kadm.OpRead, kadm.OpDescribe)
		}
		if g.TxnPrefix != "" {
			add(g.Principal, kmsg.ACLResourceTypeTransactionalId, g.TxnPrefix, kadm.ACLPatternPrefixed, kadm.OpWrite, kadm.OpDescribe)
		}
	}
	slices.SortFunc(out, func(a, b Binding) int { return strings.Compare(a.String(), b.String()) })
	return slices.Compact(out)
}

// Change is a binding apply adds or removes.
type Change struct {
	Binding
	Add bool
}

// Apply makes the ACLs of the principals in want exactly want: it creates
// the missing bindings and deletes the other allow bindings those
// principals hold (ACLs of other principals are left alone). With dryRun
// it only returns the changes.
func Apply(ctx context.Context, adm *kadm.Client, want []Binding, dryRun bool) ([]Change, error) {
	principals := map[string]bool{}
	for _, b := range want {
		principals[b.Principal] = true
	}
	have := map[Binding]bool{}
	for p := range principals {
		res, err := adm.DescribeACLs(ctx, kadm.NewACLs().Allow(p).AllowHosts().AnyResource().ResourcePatternType(kadm.ACLPatternAny).Operations(kadm.OpAny))
		if err != nil {
			return nil, fmt.Errorf("describe the ACLs of %s: %w", p, err)
		}
		for _, r := range res {
			if r.Err != nil {
				return nil, fmt.Errorf("describe the ACLs of %s: %w", p, r.Err)
			}
			for _, d := range r.Described {
				if d.Permission != kmsg.ACLPermissionTypeAllow || d.Host != "*" {
					continue
				}
				have[Binding{Principal: d.Principal, Resource: d.Type, Name: d.Name, Pattern: d.Pattern, Operation: d.Operation}] = true
			}
		}
	}
	var changes []Change
	wanted := map[Binding]bool{}
	for _, b := range want {
		wanted[b] = true
		if !have[b] {
			changes = append(changes, Change{Binding: b, Add: true})
		}
	}
	for b := range have {
		if !wanted[b] {
			changes = append(changes, Change{Binding: b})
		}
	}
	slices.SortFunc(changes, func(a, b Change) int { return strings.Compare(a.String(), b.String()) })
	if dryRun {
		return changes, nil
	}
	for _, c := range changes {
		bld := builder(c.Binding)
		if c.Add {
			res, err := adm.CreateACLs(ctx, bld)
			if err == nil {
				for _, r := range res {
					err = r.Err
				}
			}
			if err != nil {
				return changes, fmt.Errorf("create ACL %s: %w", c.Binding, err)
			}
			continue
		}
		if err := deleteSeen(ctx, adm, bld); err != nil {
			return changes, fmt.Errorf("delete ACL %s: %w", c.Binding, err)
		}
	}
	return changes, nil
}

// deleteSeen deletes an ACL that a describe returned. ACLs reach the brokers
// asynchronously (KRaft metadata), so the broker that takes the delete may
// not have it yet: its filter then matches nothing, which Kafka reports as
// success. The delete is tried again until it matched, for a few seconds.
func deleteSeen(ctx context.Context, adm *kadm.Client, bld *kadm.ACLBuilder) error {
	for try := 0; ; try++ {
		res, err := adm.DeleteACLs(ctx, bld)
		deleted := 0
		if err == nil {
			for _, r := range res {
				if r.Err != nil {
					err = r.Err
				}
				deleted += len(r.Deleted)
			}
		}
		if err != nil || deleted > 0 {
			return err
		}
		if try == 20 {
			return errors.New("no broker matched it after 20 tries (metadata not propagated?)")
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func builder(b Binding) *kadm.ACLBuilder {
	bld := kadm.NewACLs().Allow(b.Principal).AllowHosts("*").Operations(b.Operation).ResourcePatternType(b.Pattern)
	switch b.Resource {
	case kmsg.ACLResourceTypeTopic:
		bld.Topics(b.Name)
	case kmsg.ACLResourceTypeGroup:
		bld.Groups(b.Name)
	case kmsg.ACLResourceTypeTransactionalId:
		bld.TransactionalIDs(b.Name)
	case kmsg.ACLResourceTypeCluster:
		bld.Clusters()
	}
	return bld
}
