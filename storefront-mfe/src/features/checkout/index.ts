/** What the checkout shares with a plan's subscribe form: the delivery fields (PIN code, date and slot, recipient) and their state. */
export { DeliveryFields } from './components/delivery-fields';
export { useDeliveryChoice, type DeliveryField } from './hooks/use-delivery-choice';
