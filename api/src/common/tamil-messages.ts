/**
 * The API's customer-facing messages in Tamil (docs/tamil.md, "Messages from the API in Tamil"):
 * the `message` of an error or a success answer, each item of a validation answer's `errors`, and a
 * quote's offer-code verdict, for a request whose Accept-Language prefers Tamil. English answers are
 * not touched. Fixed messages map by their exact English text; messages with values inside map
 * through PATTERNS (a RegExp with named groups, and a Tamil template naming the same groups). A
 * message in neither stays English: new messages fall back to English until they are added here.
 *
 * Values are carried over as they are, except by the group's name: `date…` (a calendar date as
 * formatCalendarDay writes it, "2 Dec 2026") comes out as Intl's ta-IN writes it ("2 டிச., 2026",
 * the storefront's formatCalendarDate gives the same), `time…` ("8:00 AM") as the storefront's clock
 * time ("முற்பகல் 8:00"), `slot…` with the part of the day in Tamil ("காலை 8–12"), and `frequencies`
 * in Tamil words. Names (products, plans, offers), codes, amounts and counts stay as they are.
 * Staff and back-office messages are not here: the back office is English.
 */

import { acceptedLanguage } from './catalogue-language';
import { formatCalendarDay } from './format';

// ---------------------------------------------------------------------------------------------
// Fixed messages, by area
// ---------------------------------------------------------------------------------------------

/** What any screen may show: the shop's own failures. */
const GENERAL: Record<string, string> = {
  'Something went wrong on our side. Please try again.': 'எங்கள் பக்கத்தில் ஏதோ தவறு நடந்துவிட்டது. மீண்டும் முயலுங்கள்.',
  'The service is temporarily unavailable. Please try again shortly.': 'சேவை தற்காலிகமாகக் கிடைக்கவில்லை. சிறிது நேரம் கழித்து மீண்டும் முயலுங்கள்.',
  'Too many requests from your network. Please wait a minute and try again.':
    'உங்கள் நெட்வொர்க்கிலிருந்து மிக அதிகமான கோரிக்கைகள் வந்துள்ளன. ஒரு நிமிடம் காத்திருந்து மீண்டும் முயலுங்கள்.',
  'This already exists': 'இது ஏற்கெனவே உள்ளது',
  'The request refers to something that does not exist': 'கோரிக்கை குறிப்பிடும் ஒன்று இங்கு இல்லை',
  'The request is missing a value or has one out of range': 'கோரிக்கையில் ஒரு மதிப்பு விடுபட்டுள்ளது அல்லது அனுமதிக்கப்பட்ட வரம்பை மீறியுள்ளது',
  'The request has a value the shop cannot accept': 'கோரிக்கையில் கடை ஏற்க முடியாத ஒரு மதிப்பு உள்ளது',
};

/** Sign-in, registration, password reset, the profile and the account's data. */
const SIGN_IN_AND_ACCOUNTS: Record<string, string> = {
  'Invalid email or password': 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு',
  'This account is deactivated. Please ask the shop owner.': 'இந்தக் கணக்கு முடக்கப்பட்டுள்ளது. கடை உரிமையாளரிடம் கேளுங்கள்.',
  'Please sign in to continue': 'தொடர உள்நுழையுங்கள்',
  'Please sign in again': 'மீண்டும் உள்நுழையுங்கள்',
  'Your session has expired. Please sign in again': 'உங்கள் அமர்வு காலாவதியாகிவிட்டது. மீண்டும் உள்நுழையுங்கள்',
  'You are signed out': 'நீங்கள் வெளியேறிவிட்டீர்கள்',
  'An account with this email already exists': 'இந்த மின்னஞ்சலுடன் ஏற்கெனவே ஒரு கணக்கு உள்ளது',
  'Current password is incorrect': 'தற்போதைய கடவுச்சொல் தவறு',
  'User not found': 'கணக்கு கிடைக்கவில்லை',
  'Profile updated successfully': 'சுயவிவரம் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டது',
  'If an account exists for that email, a password reset link is on its way. It works once, within 30 minutes.':
    'அந்த மின்னஞ்சலுக்கு ஒரு கணக்கு இருந்தால், கடவுச்சொல்லை மாற்றுவதற்கான இணைப்பு அனுப்பப்படுகிறது. அது ஒருமுறை மட்டுமே, 30 நிமிடங்களுக்குள் வேலை செய்யும்.',
  'This reset link is invalid or has expired. Please ask for a new one.':
    'கடவுச்சொல்லை மாற்றுவதற்கான இந்த இணைப்பு செல்லாது அல்லது காலாவதியாகிவிட்டது. புதிய இணைப்பைக் கேளுங்கள்.',
  'Your password has been updated. You can sign in now.': 'உங்கள் கடவுச்சொல் மாற்றப்பட்டது. இப்போது உள்நுழையலாம்.',
  'Your orders changed meanwhile. Please try again.': 'இதற்கிடையில் உங்கள் ஆர்டர்கள் மாறிவிட்டன. மீண்டும் முயலுங்கள்.',
  'Your account is deleted and your personal data erased. A last email confirms it.':
    'உங்கள் கணக்கு நீக்கப்பட்டு, உங்கள் தனிப்பட்ட தரவு அழிக்கப்பட்டது. இதை உறுதிப்படுத்தி ஒரு கடைசி மின்னஞ்சல் வரும்.',
  'Your account is deleted and your personal data erased. GST law has us keep the invoice of your order. A last email confirms it.':
    'உங்கள் கணக்கு நீக்கப்பட்டு, உங்கள் தனிப்பட்ட தரவு அழிக்கப்பட்டது. GST சட்டப்படி உங்கள் ஆர்டரின் விலைப்பட்டியலை நாங்கள் வைத்திருக்க வேண்டும். இதை உறுதிப்படுத்தி ஒரு கடைசி மின்னஞ்சல் வரும்.',
};

/** The cart, its quote, placing an order, an order's page and cancelling it. */
const CART_CHECKOUT_AND_ORDERS: Record<string, string> = {
  'Order not found': 'ஆர்டர் கிடைக்கவில்லை',
  'Product not found': 'பொருள் கிடைக்கவில்லை',
  'Your order has no items': 'உங்கள் ஆர்டரில் பொருட்கள் எதுவும் இல்லை',
  'Each order item needs a valid product id': 'ஆர்டரில் உள்ள ஒவ்வொரு பொருளுக்கும் சரியான பொருள் அடையாள எண் தேவை',
  'Quantity must be at least 1': 'அளவு குறைந்தது 1 ஆக இருக்க வேண்டும்',
  'Quantity must be a whole number': 'அளவு முழு எண்ணாக இருக்க வேண்டும்',
  'The offer code must be text': 'சலுகைக் குறியீடு எழுத்துகளாக இருக்க வேண்டும்',
  'Payment method must be cash or razorpay': 'பணம் செலுத்தும் முறை டெலிவரியின்போது ரொக்கம் (cash) அல்லது Razorpay ஆக இருக்க வேண்டும்',
  'Delivery address is required': 'டெலிவரி முகவரி தேவை',
  'Recipient name must be text': 'பெறுபவர் பெயர் எழுத்துகளாக இருக்க வேண்டும்',
  'Recipient name cannot be empty': 'பெறுபவர் பெயர் காலியாக இருக்கக் கூடாது',
  "Enter the recipient's mobile number": 'பெறுபவரின் மொபைல் எண்ணை உள்ளிடுங்கள்',
  "Enter the recipient's 10-digit Indian mobile number (optionally with +91)": 'பெறுபவரின் 10 இலக்க இந்திய மொபைல் எண்ணை உள்ளிடுங்கள் (+91 சேர்த்தும் தரலாம்)',
  'Gift message must be text': 'பரிசுச் செய்தி எழுத்துகளாக இருக்க வேண்டும்',
  'Prices or offers changed while you were ordering; please check your cart and try again':
    'நீங்கள் ஆர்டர் செய்துகொண்டிருந்தபோது விலைகளோ சலுகைகளோ மாறிவிட்டன; உங்கள் கூடையைச் சரிபார்த்து மீண்டும் முயலுங்கள்',
  'This order is too large; please split it into smaller orders': 'இந்த ஆர்டர் மிகப் பெரியது; அதைச் சிறிய ஆர்டர்களாகப் பிரித்து ஆர்டர் செய்யுங்கள்',
  'Customers can only cancel their orders': 'வாடிக்கையாளர்கள் தங்கள் ஆர்டர்களை ரத்து செய்ய மட்டுமே முடியும்',
  'This order is already cancelled': 'இந்த ஆர்டர் ஏற்கெனவே ரத்து செய்யப்பட்டுவிட்டது',
  'This order is already processing and can no longer be cancelled': 'இந்த ஆர்டர் ஏற்கெனவே தயாராகிக்கொண்டிருக்கிறது; இனி அதை ரத்து செய்ய முடியாது',
  'This order is already shipped and can no longer be cancelled': 'இந்த ஆர்டர் ஏற்கெனவே அனுப்பப்பட்டுவிட்டது; இனி அதை ரத்து செய்ய முடியாது',
  'This order is already delivered and can no longer be cancelled': 'இந்த ஆர்டர் ஏற்கெனவே டெலிவரி செய்யப்பட்டுவிட்டது; இனி அதை ரத்து செய்ய முடியாது',
  "This subscription was cancelled and its unused deliveries refunded, so this delivery's credit cannot go back":
    'இந்தச் சந்தா ரத்து செய்யப்பட்டு, பயன்படுத்தாத டெலிவரிகளுக்கான பணம் திருப்பித் தரப்பட்டுவிட்டது; எனவே இந்த டெலிவரியின் கிரெடிட்டைத் திரும்பச் சேர்க்க முடியாது',
  "A subscription's delivery has no invoice of its own: the invoice of the pack it was paid from covers it":
    'சந்தா டெலிவரிக்குத் தனி விலைப்பட்டியல் இல்லை: அதற்குப் பணம் செலுத்திய தொகுப்பின் விலைப்பட்டியலில் அது அடங்கும்',
};

/** Offer codes: the quote's verdict and a refused placing. */
const OFFERS: Record<string, string> = {
  'This code is not valid': 'இந்தக் குறியீடு செல்லாது',
  'This code is not active right now': 'இந்தக் குறியீடு இப்போது செயலில் இல்லை',
  'This code cannot be used yet': 'இந்தக் குறியீட்டை இன்னும் பயன்படுத்த முடியாது',
  'This code has expired': 'இந்தக் குறியீடு காலாவதியாகிவிட்டது',
  'This code has been used up': 'இந்தக் குறியீட்டின் பயன்பாடுகள் அனைத்தும் தீர்ந்துவிட்டன',
  'You have already used this code': 'இந்தக் குறியீட்டை ஏற்கெனவே பயன்படுத்திவிட்டீர்கள்',
  'This code is for a first order': 'இந்தக் குறியீடு முதல் ஆர்டருக்கு மட்டுமே',
  'This code does not apply to the items in your cart': 'உங்கள் கூடையில் உள்ள பொருட்களுக்கு இந்தக் குறியீடு பொருந்தாது',
  'This code cannot be combined with "another offer", which saves you more':
    'இந்தக் குறியீட்டை வேறொரு சலுகையுடன் சேர்த்துப் பயன்படுத்த முடியாது; அந்தச் சலுகையில் உங்களுக்கு அதிகம் மிச்சமாகும்',
};

/** Delivery: PIN codes, dates and slots, for orders and subscriptions alike. */
const DELIVERY: Record<string, string> = {
  'Enter the 6-digit PIN code of the delivery address': 'டெலிவரி முகவரியின் 6 இலக்க PIN குறியீட்டை உள்ளிடுங்கள்',
  'Choose a delivery date': 'டெலிவரி தேதியைத் தேர்ந்தெடுங்கள்',
  'Choose a delivery slot': 'டெலிவரி நேரத்தைத் தேர்ந்தெடுங்கள்',
  'We are not taking deliveries at the moment; please try again later': 'இப்போது நாங்கள் டெலிவரிக்கான ஆர்டர்களை ஏற்பதில்லை; பின்னர் மீண்டும் முயலுங்கள்',
};

/** Paying online: the payment window, the popup's verification, the sandbox. */
const PAYMENTS: Record<string, string> = {
  'This order is paid in cash on delivery, not online': 'இந்த ஆர்டருக்கு டெலிவரியின்போது ரொக்கமாகப் பணம் செலுத்த வேண்டும், ஆன்லைனில் அல்ல',
  'This order has been cancelled': 'இந்த ஆர்டர் ரத்து செய்யப்பட்டுவிட்டது',
  'This order is already paid': 'இந்த ஆர்டருக்கு ஏற்கெனவே பணம் செலுத்தப்பட்டுவிட்டது',
  'The payment window for this order has closed': 'இந்த ஆர்டருக்குப் பணம் செலுத்துவதற்கான நேரம் முடிந்துவிட்டது',
  'Online payment needs an order total of at least ₹1.00': 'ஆன்லைனில் பணம் செலுத்த, ஆர்டரின் மொத்தத் தொகை குறைந்தது ₹1.00 ஆக இருக்க வேண்டும்',
  'No online payment was started for this order': 'இந்த ஆர்டருக்கு ஆன்லைன் பணம் செலுத்துதல் எதுவும் தொடங்கப்படவில்லை',
  'Payment verification failed': 'பணம் செலுத்தியதைச் சரிபார்க்க முடியவில்லை',
  'Payment failed': 'பணம் செலுத்துதல் தோல்வியடைந்தது',
  'Payment order not found': 'பணம் செலுத்தும் கோரிக்கை கிடைக்கவில்லை',
  'The payment sandbox is not available': 'சோதனைப் பணம் செலுத்தும் வசதி இப்போது இல்லை',
  'This order was cancelled before your payment arrived, so your payment will be refunded to you in full. Nothing is owed.':
    'உங்கள் பணம் வந்து சேர்வதற்கு முன்பே இந்த ஆர்டர் ரத்து செய்யப்பட்டுவிட்டது; எனவே நீங்கள் செலுத்திய தொகை முழுவதும் உங்களுக்குத் திருப்பித் தரப்படும். நீங்கள் எதுவும் செலுத்த வேண்டியதில்லை.',
  'This order was already paid, so this second payment will be refunded to you in full.':
    'இந்த ஆர்டருக்கு ஏற்கெனவே பணம் செலுத்தப்பட்டுவிட்டது; எனவே இந்த இரண்டாவது தொகை முழுவதும் உங்களுக்குத் திருப்பித் தரப்படும்.',
  'This payment was not for the amount of the order, so it will be refunded to you in full. The order is still waiting for payment.':
    'இந்தத் தொகை ஆர்டரின் தொகைக்குச் சமமாக இல்லை; எனவே அது முழுவதும் உங்களுக்குத் திருப்பித் தரப்படும். ஆர்டர் இன்னும் பணம் செலுத்தக் காத்திருக்கிறது.',
  'Online payment is not available right now (the payment provider refused our credentials)':
    'ஆன்லைனில் பணம் செலுத்தும் வசதி இப்போது இல்லை (பணம் செலுத்தும் சேவை எங்கள் அனுமதிச் சான்றுகளை ஏற்கவில்லை)',
  'The payment provider could not be reached. Please try again in a moment': 'பணம் செலுத்தும் சேவையை அணுக முடியவில்லை. சிறிது நேரத்தில் மீண்டும் முயலுங்கள்',
};

/** Flower subscriptions: subscribing, a pack more, skipping, moving and redirecting a delivery, pauses, cancelling. */
const SUBSCRIPTIONS: Record<string, string> = {
  'Subscription not found': 'சந்தா கிடைக்கவில்லை',
  'Subscription plan not found': 'சந்தா திட்டம் கிடைக்கவில்லை',
  'This subscription is cancelled': 'இந்தச் சந்தா ரத்து செய்யப்பட்டுவிட்டது',
  'This subscription has no delivery on that day': 'அந்த நாளில் இந்தச் சந்தாவுக்கு டெலிவரி இல்லை',
  'This subscription has no such pause': 'இந்தச் சந்தாவில் அப்படி ஓர் இடைநிறுத்தம் இல்லை',
  'Choose a subscription plan': 'சந்தா திட்டத்தைத் தேர்ந்தெடுங்கள்',
  'Choose the day of the first delivery': 'முதல் டெலிவரிக்கான நாளைத் தேர்ந்தெடுங்கள்',
  'Choose a pack of deliveries': 'டெலிவரி தொகுப்பைத் தேர்ந்தெடுங்கள்',
  'Choose the days of the week for your deliveries, each once': 'உங்கள் டெலிவரிகளுக்கான வார நாட்களைத் தேர்ந்தெடுங்கள்; ஒவ்வொரு நாளையும் ஒருமுறை மட்டும்',
  'Days of the week are numbers from 0 (Sunday) to 6 (Saturday)': 'வார நாட்கள் 0 (ஞாயிறு) முதல் 6 (சனி) வரையிலான எண்களாக இருக்க வேண்டும்',
  'Days of the week are chosen only for deliveries on chosen days': 'தேர்ந்தெடுத்த நாட்களில் டெலிவரி என்ற முறைக்கு மட்டுமே வார நாட்களைத் தேர்ந்தெடுக்க வேண்டும்',
  'Choose the first day of the pause': 'இடைநிறுத்தத்தின் முதல் நாளைத் தேர்ந்தெடுங்கள்',
  'Choose the last day of the pause': 'இடைநிறுத்தத்தின் கடைசி நாளைத் தேர்ந்தெடுங்கள்',
  'Choose the first and the last day of the pause': 'இடைநிறுத்தத்தின் முதல் நாளையும் கடைசி நாளையும் தேர்ந்தெடுங்கள்',
  'The last day of the pause comes before its first day': 'இடைநிறுத்தத்தின் கடைசி நாள் அதன் முதல் நாளுக்கு முன்பே வருகிறது',
};

/** The contact form, the newsletter sign-up and wholesale enquiries (the export page). */
const CONTACT_NEWSLETTER_AND_ENQUIRIES: Record<string, string> = {
  'Message sent successfully!': 'செய்தி வெற்றிகரமாக அனுப்பப்பட்டது!',
  'Message is required': 'செய்தி தேவை',
  'Message must be text': 'செய்தி எழுத்துகளாக இருக்க வேண்டும்',
  'Thank you for subscribing! Please confirm with the link we have emailed you, and fresh news from Thalir Blooms is on its way.':
    'செய்திமடலில் பதிவு செய்ததற்கு நன்றி! நாங்கள் மின்னஞ்சலில் அனுப்பியுள்ள இணைப்பின் மூலம் உறுதிசெய்யுங்கள்; Thalir Blooms-இன் புதிய செய்திகள் உங்களைத் தேடி வரும்.',
  'Thank you! Your enquiry is with our export desk; we answer within two working days.':
    'நன்றி! உங்கள் விசாரணை எங்கள் ஏற்றுமதிப் பிரிவிடம் சேர்ந்துவிட்டது; இரண்டு வேலை நாட்களுக்குள் பதில் அளிப்போம்.',
  'Company is required': 'நிறுவனத்தின் பெயர் தேவை',
  'Contact name is required': 'தொடர்புகொள்ள வேண்டியவரின் பெயர் தேவை',
  'Phone must be in international format, like +61 2 9876 5432': 'தொலைபேசி எண் சர்வதேச வடிவில் இருக்க வேண்டும், எ.கா. +61 2 9876 5432',
  'Choose a country from the list': 'பட்டியலிலிருந்து ஒரு நாட்டைத் தேர்ந்தெடுங்கள்',
  'Products must be chosen from the catalogue': 'பொருட்களை எங்கள் பொருள் பட்டியலிலிருந்தே தேர்ந்தெடுக்க வேண்டும்',
  'Products must be a list': 'பொருட்கள் ஒரு பட்டியலாக இருக்க வேண்டும்',
  'Quantity must be at least 1 stem': 'அளவு குறைந்தது 1 தண்டாக இருக்க வேண்டும்',
  'Quantity must be a whole number of stems': 'அளவு முழு எண்ணிக்கையிலான தண்டுகளாக இருக்க வேண்டும்',
  'Target month must look like 2027-02': 'இலக்கு மாதம் 2027-02 என்ற வடிவில் இருக்க வேண்டும்',
  'Target month has passed; choose this month or a later one': 'இலக்கு மாதம் கடந்துவிட்டது; இந்த மாதத்தையோ அதற்குப் பிந்தைய மாதத்தையோ தேர்ந்தெடுங்கள்',
  'Some of the chosen products are no longer in the catalogue; please choose again':
    'தேர்ந்தெடுத்த சில பொருட்கள் இப்போது எங்கள் பொருள் பட்டியலில் இல்லை; மீண்டும் தேர்ந்தெடுங்கள்',
};

/**
 * Validation: the shared field checks of sign-up, sign-in, the profile, the contact form and the
 * enquiry form (users/user-fields.ts) and the pipe's own fallback. A form's own checks (an order's,
 * a subscription's, an enquiry's) are with their area.
 */
const VALIDATION: Record<string, string> = {
  'Invalid request': 'தவறான கோரிக்கை',
  'Name is required': 'பெயர் தேவை',
  'Name must be text': 'பெயர் எழுத்துகளாக இருக்க வேண்டும்',
  'Email is required': 'மின்னஞ்சல் தேவை',
  'Email must be text': 'மின்னஞ்சல் எழுத்துகளாக இருக்க வேண்டும்',
  'Please enter a valid email address': 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்',
  'Password is required': 'கடவுச்சொல் தேவை',
  'Password must be text': 'கடவுச்சொல் எழுத்துகளாக இருக்க வேண்டும்',
  'Address must be text': 'முகவரி எழுத்துகளாக இருக்க வேண்டும்',
};

/** Every fixed message, English → Tamil. */
export const TAMIL_MESSAGES: Readonly<Record<string, string>> = {
  ...GENERAL,
  ...SIGN_IN_AND_ACCOUNTS,
  ...CART_CHECKOUT_AND_ORDERS,
  ...OFFERS,
  ...DELIVERY,
  ...PAYMENTS,
  ...SUBSCRIPTIONS,
  ...CONTACT_NEWSLETTER_AND_ENQUIRIES,
  ...VALIDATION,
};

// ---------------------------------------------------------------------------------------------
// Messages with values inside, by area
// ---------------------------------------------------------------------------------------------

export interface TamilPattern {
  /** The whole English message (anchored), its values as named groups. */
  english: RegExp;
  /** The Tamil, naming each group once or more as {name}. */
  tamil: string;
}

/** A calendar date as formatCalendarDay writes it in English: "2 Dec 2026", "30 Sept 2026". */
const DATE = String.raw`\d{1,2} [A-Z][a-z]{2,3} \d{4}`;
/** A time of day as formatMinute writes it: "8:00 AM". */
const TIME = String.raw`\d{1,2}:\d{2} [AP]M`;
/** A wait as inMinutes writes it ("1 minute", "15 minutes"), or `n minutes` as some limits do. */
const MINUTES = String.raw`(?<minutes>\d+) minutes?`;

const pattern = (english: string, tamil: string): TamilPattern => ({ english: new RegExp(`^${english}$`), tamil });

/** The Tamil of "… Please try again in N minutes." (the limits' waits). */
const TRY_AGAIN = '{minutes} நிமிடம் கழித்து மீண்டும் முயலுங்கள்.';

const SIGN_IN_AND_ACCOUNT_PATTERNS: TamilPattern[] = [
  pattern(`Too many failed sign-in attempts\\. Please try again in ${MINUTES}\\.`, `உள்நுழைய பலமுறை தவறாக முயன்றுள்ளீர்கள். ${TRY_AGAIN}`),
  pattern(
    `Too many accounts were created from your network\\. Please try again in ${MINUTES}\\.`,
    `உங்கள் நெட்வொர்க்கிலிருந்து பல கணக்குகள் உருவாக்கப்பட்டுள்ளன. ${TRY_AGAIN}`,
  ),
  pattern(
    String.raw`Your account is deleted and your personal data erased\. GST law has us keep the invoices of your (?<count>\d+) orders\. A last email confirms it\.`,
    'உங்கள் கணக்கு நீக்கப்பட்டு, உங்கள் தனிப்பட்ட தரவு அழிக்கப்பட்டது. GST சட்டப்படி உங்கள் {count} ஆர்டர்களின் விலைப்பட்டியல்களை நாங்கள் வைத்திருக்க வேண்டும். இதை உறுதிப்படுத்தி ஒரு கடைசி மின்னஞ்சல் வரும்.',
  ),
  pattern(
    String.raw`Your (?<plan>.+) subscription is still running\. Cancel it on your subscriptions page first \(its unused deliveries are refunded\), then delete your account\.`,
    'உங்கள் {plan} சந்தா இன்னும் நடப்பில் உள்ளது. முதலில் உங்கள் சந்தாக்கள் பக்கத்தில் அதை ரத்து செய்யுங்கள் (பயன்படுத்தாத டெலிவரிகளுக்கான பணம் திருப்பித் தரப்படும்), பிறகு உங்கள் கணக்கை நீக்குங்கள்.',
  ),
  pattern(
    String.raw`You have 1 order still open \((?<orders>[^)]+)\)\. You can delete your account once it is delivered or cancelled\.`,
    'உங்கள் ஆர்டர் ஒன்று ({orders}) இன்னும் முடிவடையவில்லை. அது டெலிவரி செய்யப்பட்ட பிறகோ ரத்து செய்யப்பட்ட பிறகோ உங்கள் கணக்கை நீக்கலாம்.',
  ),
  pattern(
    String.raw`You have (?<count>\d+) orders still open \((?<orders>[^)]+)\)\. You can delete your account once they are delivered or cancelled\.`,
    'உங்கள் {count} ஆர்டர்கள் ({orders}) இன்னும் முடிவடையவில்லை. அவை டெலிவரி செய்யப்பட்ட பிறகோ ரத்து செய்யப்பட்ட பிறகோ உங்கள் கணக்கை நீக்கலாம்.',
  ),
  pattern(
    String.raw`We still owe you a refund for order (?<order>\w+)\. You can delete your account once it has reached you\.`,
    'ஆர்டர் {order}-க்கான பணத்தை இன்னும் உங்களுக்குத் திருப்பித் தர வேண்டியுள்ளது. அது உங்களை வந்தடைந்த பிறகு உங்கள் கணக்கை நீக்கலாம்.',
  ),
];

const CART_CHECKOUT_AND_ORDER_PATTERNS: TamilPattern[] = [
  pattern(String.raw`(?<name>.+) is out of stock`, '{name} கையிருப்பில் இல்லை'),
  pattern(String.raw`Only (?<count>\d+) of (?<name>.+) left in stock`, '{name}: கையிருப்பில் இன்னும் {count} மட்டுமே'),
  pattern(String.raw`Product (?<product>".*"|\S+) is no longer available`, 'பொருள் {product} இப்போது விற்பனையில் இல்லை'),
  pattern(
    String.raw`You can order at most (?<count>\d+) of one product\. For larger quantities, please request a wholesale quote on our export page: (?<page>\S+)`,
    'ஒரு பொருளை அதிகபட்சம் {count} வரை மட்டுமே ஆர்டர் செய்யலாம். அதைவிட அதிக அளவுக்கு, எங்கள் ஏற்றுமதிப் பக்கத்தில் மொத்த விற்பனை விலைப்புள்ளியைக் கேளுங்கள்: {page}',
  ),
  pattern(
    String.raw`You already have (?<count>\d+) cash-on-delivery orders that are not delivered yet\. Please pay online, or wait until one of them is delivered or cancelled\.`,
    'டெலிவரியின்போது ரொக்கம் செலுத்தும், இன்னும் டெலிவரி ஆகாத {count} ஆர்டர்கள் ஏற்கெனவே உங்களிடம் உள்ளன. ஆன்லைனில் பணம் செலுத்துங்கள், அல்லது அவற்றில் ஒன்று டெலிவரி செய்யப்படும் வரை அல்லது ரத்து செய்யப்படும் வரை காத்திருங்கள்.',
  ),
  pattern(
    String.raw`You already have (?<count>\d+) orders waiting for payment\. Please pay for or cancel one of them before placing another\.`,
    'பணம் செலுத்தக் காத்திருக்கும் {count} ஆர்டர்கள் ஏற்கெனவே உங்களிடம் உள்ளன. இன்னொரு ஆர்டர் செய்வதற்கு முன், அவற்றில் ஒன்றுக்குப் பணம் செலுத்துங்கள் அல்லது அதை ரத்து செய்யுங்கள்.',
  ),
  pattern(`You are placing orders too quickly\\. Please try again in ${MINUTES}\\.`, `நீங்கள் மிக வேகமாக ஆர்டர்கள் செய்கிறீர்கள். ${TRY_AGAIN}`),
  pattern(
    `Too many orders are being placed from your network\\. Please try again in ${MINUTES}\\.`,
    `உங்கள் நெட்வொர்க்கிலிருந்து மிக அதிகமான ஆர்டர்கள் செய்யப்படுகின்றன. ${TRY_AGAIN}`,
  ),
  pattern(String.raw`An order can have at most (?<count>\d+) different items`, 'ஒரு ஆர்டரில் அதிகபட்சம் {count} வெவ்வேறு பொருட்கள் இருக்கலாம்'),
  pattern(String.raw`Recipient name can be at most (?<count>\d+) characters`, 'பெறுபவர் பெயரில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Gift message can be at most (?<count>\d+) characters`, 'பரிசுச் செய்தியில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Delivery address can be at most (?<count>\d+) characters`, 'டெலிவரி முகவரியில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
];

const OFFER_PATTERNS: TamilPattern[] = [
  pattern(`This code can be used from (?<date>${DATE})`, 'இந்தக் குறியீட்டை {date} முதல் பயன்படுத்தலாம்'),
  pattern(String.raw`This code needs items worth (?<amount>₹[\d,.]+) or more`, 'இந்தக் குறியீட்டைப் பயன்படுத்த, {amount} அல்லது அதற்கு மேல் மதிப்புள்ள பொருட்கள் தேவை'),
  pattern(
    String.raw`This code cannot be combined with "(?<offer>.+)", which saves you more`,
    'இந்தக் குறியீட்டை "{offer}" சலுகையுடன் சேர்த்துப் பயன்படுத்த முடியாது; அந்தச் சலுகையில் உங்களுக்கு அதிகம் மிச்சமாகும்',
  ),
  pattern(String.raw`Code (?<code>.+) applied: free delivery`, 'குறியீடு {code} பயன்படுத்தப்பட்டது: இலவச டெலிவரி'),
  pattern(String.raw`Code (?<code>.+) applied: (?<amount>−₹[\d,.]+)`, 'குறியீடு {code} பயன்படுத்தப்பட்டது: {amount}'),
  pattern(String.raw`Code (?<code>.+) applied`, 'குறியீடு {code} பயன்படுத்தப்பட்டது'),
  pattern(String.raw`An offer code has at most (?<count>\d+) characters`, 'சலுகைக் குறியீட்டில் அதிகபட்சம் {count} எழுத்துகள் இருக்கும்'),
  pattern(`Too many offer codes were not valid\\. Please try again in ${MINUTES}\\.`, `செல்லாத சலுகைக் குறியீடுகள் பலமுறை உள்ளிடப்பட்டுள்ளன. ${TRY_AGAIN}`),
];

const DELIVERY_PATTERNS: TamilPattern[] = [
  pattern(String.raw`We cannot deliver to (?<pincode>\d+) yet`, 'PIN குறியீடு {pincode} உள்ள பகுதிக்கு இன்னும் நாங்கள் டெலிவரி செய்வதில்லை'),
  pattern(`(?<date>${DATE}) has passed; please choose another day`, '{date} கடந்துவிட்டது; வேறொரு நாளைத் தேர்ந்தெடுங்கள்'),
  pattern(
    `We take orders up to (?<days>\\d+) days ahead: choose a day until (?<date>${DATE})`,
    'அதிகபட்சம் {days} நாட்கள் முன்னதாக மட்டுமே ஆர்டர்களை ஏற்கிறோம்: {date} வரையிலான ஒரு நாளைத் தேர்ந்தெடுங்கள்',
  ),
  pattern(`We do not deliver on (?<date>${DATE}); please choose another day`, '{date} அன்று நாங்கள் டெலிவரி செய்வதில்லை; வேறொரு நாளைத் தேர்ந்தெடுங்கள்'),
  pattern(`We do not deliver on (?<date>${DATE})`, '{date} அன்று நாங்கள் டெலிவரி செய்வதில்லை'),
  pattern(`Same-day delivery closes at (?<time>${TIME})`, 'அதே நாள் டெலிவரிக்கான ஆர்டர்கள் {time} மணிக்கு முடிந்துவிடும்'),
  pattern(
    String.raw`The (?<slot>.+) slot has already started today; please choose a later one`,
    'இன்றைய {slot} டெலிவரி நேரம் ஏற்கெனவே தொடங்கிவிட்டது; அதற்குப் பிந்தைய நேரத்தைத் தேர்ந்தெடுங்கள்',
  ),
  pattern(String.raw`Choose one of the delivery slots: (?<slots>.+)`, 'டெலிவரி நேரங்களில் ஒன்றைத் தேர்ந்தெடுங்கள்: {slots}'),
];

const PAYMENT_PATTERNS: TamilPattern[] = [
  // The provider's own reason, when it gives one, is in its words (English).
  pattern(String.raw`The payment provider refused the payment(?<reason>: .+)?`, 'பணம் செலுத்தும் சேவை இந்தப் பணத்தை ஏற்கவில்லை{reason}'),
];

const SUBSCRIPTION_PATTERNS: TamilPattern[] = [
  pattern(
    `It is too late to change the delivery of (?<date>${DATE}): changes closed at (?<time>${TIME}) that day`,
    '{date} டெலிவரியை மாற்ற இப்போது தாமதமாகிவிட்டது: மாற்றங்களுக்கான நேரம் அன்று {time} மணிக்கே முடிந்துவிட்டது',
  ),
  pattern(`It is too late to change the delivery of (?<date>${DATE})`, '{date} டெலிவரியை மாற்ற இப்போது தாமதமாகிவிட்டது'),
  pattern(
    `It is too late to move the delivery of (?<date>${DATE}) to (?<slot>.+): changes closed at (?<time>${TIME}) that day`,
    '{date} டெலிவரியை {slot} நேரத்துக்கு மாற்ற இப்போது தாமதமாகிவிட்டது: மாற்றங்களுக்கான நேரம் அன்று {time} மணிக்கே முடிந்துவிட்டது',
  ),
  pattern(`It is too late to move the delivery of (?<date>${DATE}) to (?<slot>.+)`, '{date} டெலிவரியை {slot} நேரத்துக்கு மாற்ற இப்போது தாமதமாகிவிட்டது'),
  pattern(`This subscription has no delivery on (?<date>${DATE})`, '{date} அன்று இந்தச் சந்தாவுக்கு டெலிவரி இல்லை'),
  pattern(`(?<date>${DATE}) is in a pause; end the pause to change it`, '{date} இடைநிறுத்தத்தில் உள்ளது; அதை மாற்ற, இடைநிறுத்தத்தை முடித்துவிடுங்கள்'),
  pattern(`(?<date>${DATE}) has passed; a pause starts today or later`, '{date} கடந்துவிட்டது; இடைநிறுத்தம் இன்றோ அதற்குப் பிறகோ தொடங்க வேண்டும்'),
  pattern(String.raw`A pause can last at most (?<days>\d+) days`, 'ஓர் இடைநிறுத்தம் அதிகபட்சம் {days} நாட்கள் வரை இருக்கலாம்'),
  pattern(String.raw`Choose a pack of (?<packs>[\d, ]+) deliveries`, '{packs} டெலிவரிகள் கொண்ட தொகுப்புகளில் ஒன்றைத் தேர்ந்தெடுங்கள்'),
  pattern(String.raw`This plan is delivered in: (?<slots>.+)`, 'இந்தத் திட்டத்தின் டெலிவரி நேரங்கள்: {slots}'),
  pattern(
    String.raw`This plan is delivered (?<frequencies>(?:every day|on chosen days of the week|every week|every other week)(?: or (?:every day|on chosen days of the week|every week|every other week))*)`,
    'இந்தத் திட்டத்தில் டெலிவரி {frequencies} மட்டுமே',
  ),
  pattern(String.raw`(?<plan>.+) is no longer on sale`, '{plan} இப்போது விற்பனையில் இல்லை'),
  pattern(String.raw`How often: one of (?<kinds>.+)`, 'எத்தனை முறை என்பது இவற்றில் ஒன்றாக இருக்க வேண்டும்: {kinds}'),
];

const CONTACT_NEWSLETTER_AND_ENQUIRY_PATTERNS: TamilPattern[] = [
  pattern(`Too many messages from your address\\. Please try again in ${MINUTES}\\.`, `உங்கள் இணைய முகவரியிலிருந்து பல செய்திகள் வந்துள்ளன. ${TRY_AGAIN}`),
  pattern(`Too many sign-ups from your address\\. Please try again in ${MINUTES}\\.`, `உங்கள் இணைய முகவரியிலிருந்து பல பதிவுகள் வந்துள்ளன. ${TRY_AGAIN}`),
  pattern(String.raw`Message (?:must|can) be at most (?<count>\d+) characters`, 'செய்தியில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Company can be at most (?<count>\d+) characters`, 'நிறுவனத்தின் பெயரில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Contact name can be at most (?<count>\d+) characters`, 'தொடர்புகொள்ள வேண்டியவரின் பெயரில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Choose at most (?<count>\d+) products`, 'அதிகபட்சம் {count} பொருட்களைத் தேர்ந்தெடுங்கள்'),
  pattern(String.raw`Quantity can be at most (?<count>[\d,]+) stems per shipment`, 'ஒரு அனுப்புதலுக்கு அதிகபட்சம் {count} தண்டுகள் வரை கேட்கலாம்'),
  pattern(String.raw`Frequency must be one of (?<kinds>.+)`, 'எத்தனை முறை என்பது இவற்றில் ஒன்றாக இருக்க வேண்டும்: {kinds}'),
];

/** Validation: the shared field checks' limits (users/user-fields.ts). */
const VALIDATION_PATTERNS: TamilPattern[] = [
  pattern(String.raw`Name must be at most (?<count>\d+) characters`, 'பெயரில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Email must be at most (?<count>\d+) characters`, 'மின்னஞ்சலில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Password must be at least (?<count>\d+) characters`, 'கடவுச்சொல்லில் குறைந்தது {count} எழுத்துகள் இருக்க வேண்டும்'),
  pattern(String.raw`Password must be at most (?<count>\d+) characters`, 'கடவுச்சொல்லில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
  pattern(String.raw`Address must be at most (?<count>\d+) characters`, 'முகவரியில் அதிகபட்சம் {count} எழுத்துகள் இருக்கலாம்'),
];

/** Every pattern, tried in this order: the first whose RegExp matches the whole message gives the Tamil. */
export const TAMIL_PATTERNS: readonly TamilPattern[] = [
  ...SIGN_IN_AND_ACCOUNT_PATTERNS,
  ...CART_CHECKOUT_AND_ORDER_PATTERNS,
  ...OFFER_PATTERNS,
  ...DELIVERY_PATTERNS,
  ...PAYMENT_PATTERNS,
  ...SUBSCRIPTION_PATTERNS,
  ...CONTACT_NEWSLETTER_AND_ENQUIRY_PATTERNS,
  ...VALIDATION_PATTERNS,
];

// ---------------------------------------------------------------------------------------------
// Values inside messages
// ---------------------------------------------------------------------------------------------

/** en-IN's short month names ("Sept" for September), as formatCalendarDay writes them. */
const MONTHS = new Map(
  Array.from({ length: 12 }, (_, month) => [formatCalendarDay(`2026-${String(month + 1).padStart(2, '0')}-01`).split(' ')[1], month + 1] as const),
);

/** "2 Dec 2026" → "2 டிச., 2026" (Intl's ta-IN, as the storefront writes dates); anything else as it is. */
function tamilDate(english: string): string {
  const [day, monthName, year] = english.split(' ');
  const month = MONTHS.get(monthName);
  if (!month) return english;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return formatCalendarDay(iso) === english ? formatCalendarDay(iso, 'date', 'ta') : english;
}

/** "8:00 AM" → "முற்பகல் 8:00", as the storefront's clock times. */
function tamilTime(english: string): string {
  const clock = /^(\d{1,2}:\d{2}) (AM|PM)$/.exec(english);
  return clock ? `${clock[2] === 'AM' ? 'முற்பகல்' : 'பிற்பகல்'} ${clock[1]}` : english;
}

const DAY_PARTS: Record<string, string> = { Morning: 'காலை', Afternoon: 'மதியம்', Evening: 'மாலை' };

/** "Morning 8–12" → "காலை 8–12", as the storefront names the shop's slots; a slot named otherwise as it is. */
function tamilSlot(english: string): string {
  const named = /^(Morning|Afternoon|Evening) (.+)$/.exec(english);
  return named ? `${DAY_PARTS[named[1]]} ${named[2]}` : english;
}

const FREQUENCIES: Record<string, string> = {
  'every day': 'தினமும்',
  'on chosen days of the week': 'வாரத்தில் தேர்ந்தெடுத்த நாட்களில்',
  'every week': 'வாரம் ஒருமுறை',
  'every other week': 'இரண்டு வாரங்களுக்கு ஒருமுறை',
};

/** How a group's value is written in Tamil, by the group's name; a name not listed keeps its value. */
function tamilValue(name: string, value: string): string {
  if (name.startsWith('date')) return tamilDate(value);
  if (name.startsWith('time')) return tamilTime(value);
  if (name === 'slots') return value.split(', ').map(tamilSlot).join(', ');
  if (name.startsWith('slot')) return tamilSlot(value);
  if (name === 'frequencies')
    return value
      .split(' or ')
      .map((words) => FREQUENCIES[words] ?? words)
      .join(' அல்லது ');
  return value;
}

// ---------------------------------------------------------------------------------------------
// Applying it
// ---------------------------------------------------------------------------------------------

/** The Tamil of one of the API's messages; the English itself when there is none. */
export function tamilMessage(english: string): string {
  if (Object.hasOwn(TAMIL_MESSAGES, english)) return TAMIL_MESSAGES[english];
  for (const { english: regExp, tamil } of TAMIL_PATTERNS) {
    const match = regExp.exec(english);
    if (match) return tamil.replace(/\{(\w+)\}/g, (_, name: string) => tamilValue(name, match.groups?.[name] ?? ''));
  }
  return english;
}

interface AskingRequest {
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/** The back office's own calls: its screens are English, whatever the browser asks. */
const BACK_OFFICE = /^\/api\/admin(?:[/?]|$)/;

/** Whether an answer to this request carries its messages in Tamil: its Accept-Language prefers Tamil, and it is not the back office's. */
export function answersInTamil(request: AskingRequest | undefined): boolean {
  const header = request?.headers?.['accept-language'];
  return acceptedLanguage(Array.isArray(header) ? header.join(',') : header) === 'ta' && !BACK_OFFICE.test(request?.url ?? '');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * An answer's body with its customer-facing messages in Tamil: `message`, each string of `errors`,
 * and a quote's `code.message`. A new object when anything changed, the same one otherwise (an
 * answer without such messages, or none known, goes out exactly as it came).
 */
export function withTamilMessages<T>(body: T): T {
  if (!isPlainObject(body)) return body;
  const changes: Record<string, unknown> = {};
  if (typeof body.message === 'string') {
    const tamil = tamilMessage(body.message);
    if (tamil !== body.message) changes.message = tamil;
  }
  const { errors } = body;
  if (Array.isArray(errors)) {
    const tamil = errors.map((item: unknown) => (typeof item === 'string' ? tamilMessage(item) : item));
    if (tamil.some((item, index) => item !== errors[index])) changes.errors = tamil;
  }
  const code = body.code;
  if (isPlainObject(code) && typeof code.message === 'string') {
    const tamil = tamilMessage(code.message);
    if (tamil !== code.message) changes.code = { ...code, message: tamil };
  }
  return Object.keys(changes).length === 0 ? body : ({ ...body, ...changes } as T);
}
