/**
 * What the checkout shares with a plan's subscribe form: the delivery fields (PIN code, date and slot,
 * recipient), their state, and filling them from the customer's profile.
 */
export { DeliveryFields } from './components/delivery-fields';
export { useDeliveryChoice, type DeliveryField } from './hooks/use-delivery-choice';
export { useProfileFill } from './hooks/use-profile-fill';
