// Package samples renders the sample documents `docket run` feeds through
// the embedded stack: every supported format, several document types. The
// rendered files live in the docs subpackage.
package samples

// Sample is one bundled document: what it is, how it is rendered, and what
// Docket should make of it.
type Sample struct {
	// File is the file name, its extension the format.
	File string
	// Text is the document's content.
	Text string
	// Expect is the document type a reader would give it.
	Expect string
}

// Catalog lists the bundled sample documents: every supported format and
// several document types, some of which a tenant's policy routes to review.
var Catalog = []Sample{
	{File: "invoice-northwind.pdf", Expect: "invoice", Text: `NORTHWIND TRADING LTD
14 Harbour Road, Bristol BS1 4QA
VAT No GB 284 1193 02

INVOICE
Invoice number: INV-2026-00417
Invoice date: 3 November 2026
Due date: 3 December 2026

Bill to: Contoso Facilities GmbH, Lindenstrasse 8, 10969 Berlin

Description                     Qty   Unit price     Amount
Office chairs, ergonomic          12      185.00    2,220.00
Standing desks, 160 cm             6      420.00    2,520.00
Delivery and installation          1      310.00      310.00

Subtotal                                            5,050.00
VAT 20%                                             1,010.00
Total due                                     GBP   6,060.00

Payment terms: 30 days net. Please quote the invoice number with your payment.`},
	{File: "receipt-blue-bottle.png", Expect: "receipt", Text: `BLUE BOTTLE CAFE
221 Market St
San Francisco CA

RECEIPT  #48213
2026-11-12  08:41

Latte large        5.75
Croissant          4.25
Orange juice       3.50

SUBTOTAL          13.50
TAX 8.6%           1.16
TOTAL             14.66
VISA ****4417
THANK YOU`},
	{File: "contract-services.pdf", Expect: "contract", Text: `MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is entered into as of
1 October 2026 (the "Effective Date") by and between Fabrikam Inc., a
Delaware corporation ("Provider"), and Tailspin Toys LLC ("Client").

1. Services. Provider shall perform the services described in each
Statement of Work executed by the parties.

2. Term and Termination. This Agreement commences on the Effective Date and
continues for a term of two (2) years. Either party may terminate this
Agreement upon thirty (30) days written notice.

3. Confidentiality. Each party shall hold the other party's Confidential
Information in strict confidence.

4. Governing Law. This Agreement shall be governed by the laws of the State
of New York.

IN WITNESS WHEREOF, the parties have executed this Agreement.
Signed: ____________ Provider     Signed: ____________ Client`},
	{File: "bank-statement-oct.txt", Expect: "bank_statement", Text: `FIRST COMMONWEALTH BANK
Account statement
Account holder: Maria Gonzalez
Account number: ****6621
Statement period: 01 Oct 2026 - 31 Oct 2026

Opening balance                          3,412.08

Date        Description                    Debit     Credit    Balance
02 Oct      Direct deposit ACME PAYROLL               2,950.00  6,362.08
05 Oct      Rent payment                 1,800.00               4,562.08
11 Oct      Card purchase GROCERY MART     143.27               4,418.81
19 Oct      ATM withdrawal                 200.00               4,218.81
28 Oct      Interest                                     1.12  4,219.93

Closing balance                          4,219.93`},
	{File: "insurance-claim-scan.pdf", Expect: "insurance_claim", Text: `INSURANCE CLAIM FORM
Policy number: HX-4471-2209
Claimant: Robert Chen
Date of loss: 14 October 2026
Type of claim: Water damage

Description of loss:
A burst pipe in the kitchen flooded the ground
floor. Flooring and cabinets were damaged.

Estimated amount claimed: USD 8,400.00
Adjuster assigned: pending
I declare the information above is true.`},
	{File: "medical-record.tiff", Expect: "medical_record", Text: `PATIENT VISIT SUMMARY
Patient: Eleanor Price
Date of visit: 2026-11-02
Physician: Dr. A. Okafor

Chief complaint: persistent cough
Diagnosis: acute bronchitis
Medications: amoxicillin 500 mg
Follow-up in two weeks.`},
	{File: "passport-scan.jpg", Expect: "id_document", Text: `PASSPORT
UNITED STATES OF AMERICA
Surname: MILLER
Given names: JAMES ROBERT
Nationality: USA
Date of birth: 14 MAR 1985
Passport No: 548120973
Date of expiry: 21 JUN 2031`},
	{File: "w2-tax-form.txt", Expect: "tax_form", Text: `Form W-2 Wage and Tax Statement 2025

a Employee's social security number   123-45-6789
b Employer identification number (EIN) 91-1144442
c Employer's name: Litware Software Inc, 500 Pine St, Seattle WA
e Employee's name: Dana Whitfield

1 Wages, tips, other compensation     84,200.00
2 Federal income tax withheld         12,630.00
3 Social security wages               84,200.00
4 Social security tax withheld         5,220.40
5 Medicare wages and tips             84,200.00
6 Medicare tax withheld                1,220.90

Copy B - To Be Filed With Employee's FEDERAL Tax Return`},
	{File: "purchase-order-7781.pdf", Expect: "purchase_order", Text: `PURCHASE ORDER
PO number: PO-7781
Date: 2026-11-09
Buyer: Adventure Works Cycles, Procurement Dept.
Vendor: Proseware Components

Ship to: Warehouse 3, 1200 Industrial Pkwy, Denver CO

Item      Description              Qty    Unit     Total
AW-114    Aluminium frame          40     96.00    3,840.00
AW-208    Brake set                80     21.50    1,720.00

Order total: USD 5,560.00
Delivery required by: 2026-12-01
Authorized by: K. Nakamura`},
	{File: "team-memo.txt", Expect: "other", Text: `MEMO
To: All staff
From: Office management
Subject: Kitchen cleaning rota

From next Monday the kitchen will be cleaned by teams on a weekly rota.
Please check the board by the coffee machine for your week and remember
to empty the dishwasher before leaving on Friday. Thanks for helping to
keep the space pleasant for everyone.`},
	{File: "invoice-large-amount.txt", Expect: "invoice", Text: `GLOBEX CORPORATION
Invoice INV-88120
Invoice date: 20 November 2026
Due date: 20 December 2026
Bill to: Initech LLC, 4120 Freidrich Lane, Austin TX

Description                          Amount
Data center migration services     48,000.00
On-site engineering (120 h)        18,000.00

Total due: USD 66,000.00
Remit to IBAN DE89 3704 0044 0532 0130 00`},
	{File: "refund-request.txt", Expect: "other", Text: `Hello support team,

I was charged twice for my subscription this month. Could you refund the
duplicate charge to my card 4111 1111 1111 1111? You can reach me at
jane.doe@example.com or +1 415 555 0132.

Thank you,
Jane Doe`},
}
