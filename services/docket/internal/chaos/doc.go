// Package chaos holds Docket's failure suite (make chaos): the services run
// as separate OS processes on the embedded stack while the suite submits a
// mixed load, SIGKILLs and restarts random services, injects broker faults
// through kfake's request interception, restarts Redis and feeds duplicates
// and poison records; then it accounts for every workflow.
package chaos
